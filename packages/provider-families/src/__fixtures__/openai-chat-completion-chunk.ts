import type OpenAI from 'openai';

/** A lone streaming chunk: a fragment of a reply, not a reply. */
export const openaiChatCompletionChunk = {
  id: 'chatcmpl-chunk',
  object: 'chat.completion.chunk',
  created: 1_764_494_400,
  model: 'gpt-4o-mini',
  choices: [
    {
      index: 0,
      finish_reason: null,
      delta: { role: 'assistant', content: '{"ops":[]}' },
    },
  ],
} satisfies OpenAI.ChatCompletionChunk;
