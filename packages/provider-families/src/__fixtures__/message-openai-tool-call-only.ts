import type OpenAI from 'openai';

/** An OpenAI chat message that only calls a tool: `content` is `null`. */
export const messageOpenAIToolCallOnly = {
  role: 'assistant',
  content: null,
  refusal: null,
  tool_calls: [
    { id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } },
  ],
} satisfies OpenAI.ChatCompletionMessage;
