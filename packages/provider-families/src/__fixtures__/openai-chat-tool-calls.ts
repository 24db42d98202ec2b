import type OpenAI from 'openai';

/** A tool-calling turn: no content, a tool call whose arguments are a JSON object. */
export const openaiChatToolCalls = {
  id: 'chatcmpl-toolcalls',
  object: 'chat.completion',
  created: 1_764_494_400,
  model: 'gpt-4o-2024-08-06',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      logprobs: null,
      message: {
        role: 'assistant',
        content: null,
        refusal: null,
        tool_calls: [
          {
            id: 'call_abc123',
            type: 'function',
            function: { name: 'remember', arguments: '{"ops":[{"op":"add","text":"x"}]}' },
          },
        ],
      },
    },
  ],
  usage: { prompt_tokens: 82, completion_tokens: 17, total_tokens: 99 },
} satisfies OpenAI.ChatCompletion;
