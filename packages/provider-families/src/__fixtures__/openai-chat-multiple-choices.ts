import type OpenAI from 'openai';

/** `n: 2`: two choices; only the first is the reply. */
export const openaiChatMultipleChoices = {
  id: 'chatcmpl-twochoices',
  object: 'chat.completion',
  created: 1_764_494_400,
  model: 'gpt-4o-mini',
  choices: [
    {
      index: 0,
      finish_reason: 'stop',
      logprobs: null,
      message: { role: 'assistant', content: 'First choice.', refusal: null },
    },
    {
      index: 1,
      finish_reason: 'stop',
      logprobs: null,
      message: { role: 'assistant', content: 'Second choice.', refusal: null },
    },
  ],
} satisfies OpenAI.ChatCompletion;
