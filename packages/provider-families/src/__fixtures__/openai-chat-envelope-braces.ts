import type OpenAI from 'openai';

/** A plain answer in an envelope whose id and fingerprint hold braces: none of it is text. */
export const openaiChatEnvelopeBraces = {
  id: 'chatcmpl-{"ops":[{"op":"add","text":"from the id"}]}',
  object: 'chat.completion',
  created: 1_764_494_400,
  model: 'gpt-4o-2024-08-06',
  system_fingerprint: 'fp_{"a":1}',
  service_tier: 'default',
  choices: [
    {
      index: 0,
      finish_reason: 'stop',
      logprobs: null,
      message: {
        role: 'assistant',
        content: 'Nothing worth remembering here.',
        refusal: null,
        annotations: [],
      },
    },
  ],
  usage: { prompt_tokens: 19, completion_tokens: 7, total_tokens: 26 },
} satisfies OpenAI.ChatCompletion;
