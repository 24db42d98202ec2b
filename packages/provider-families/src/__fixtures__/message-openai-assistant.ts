import type OpenAI from 'openai';

/** An OpenAI chat assistant message on its own (as kept in a history), with a tool call. */
export const messageOpenAIAssistant = {
  role: 'assistant',
  content: '{"ops":[]}',
  tool_calls: [
    {
      id: 'call_abc123',
      type: 'function',
      function: { name: 'remember', arguments: '{"ops":[{"op":"add","text":"x"}]}' },
    },
  ],
} satisfies OpenAI.ChatCompletionAssistantMessageParam;
