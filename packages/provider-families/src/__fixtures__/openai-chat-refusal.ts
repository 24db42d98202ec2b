import type OpenAI from 'openai';

/** A refusal: `content` is null and the refusal text sits in its own field. */
export const openaiChatRefusal = {
  id: 'chatcmpl-refusal',
  object: 'chat.completion',
  created: 1_764_494_400,
  model: 'gpt-4o-2024-08-06',
  choices: [
    {
      index: 0,
      finish_reason: 'stop',
      logprobs: null,
      message: {
        role: 'assistant',
        content: null,
        refusal: "I'm sorry, I can't help with that request.",
      },
    },
  ],
  usage: { prompt_tokens: 19, completion_tokens: 11, total_tokens: 30 },
} satisfies OpenAI.ChatCompletion;
