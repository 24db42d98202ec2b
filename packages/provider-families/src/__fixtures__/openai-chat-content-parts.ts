import type OpenAI from 'openai';

/**
 * The message of an OpenAI-compatible server that answers with content parts instead of a string
 * (the parts are the SDK's own part types).
 */
type ContentPartMessage = Omit<OpenAI.ChatCompletionMessage, 'content'> & {
  content: Array<OpenAI.ChatCompletionContentPartText | OpenAI.ChatCompletionContentPartRefusal>;
};

type ContentPartCompletion = Omit<OpenAI.ChatCompletion, 'choices'> & {
  choices: Array<Omit<OpenAI.ChatCompletion.Choice, 'message'> & { message: ContentPartMessage }>;
};

/** Two text parts and a refusal part: the text parts are joined, the refusal is named. */
export const openaiChatContentParts = {
  id: 'chatcmpl-parts',
  object: 'chat.completion',
  created: 1_764_494_400,
  model: 'local-model',
  choices: [
    {
      index: 0,
      finish_reason: 'stop',
      logprobs: null,
      message: {
        role: 'assistant',
        refusal: null,
        content: [
          { type: 'text', text: '{"ops": ' },
          { type: 'refusal', refusal: 'I will not store the password.' },
          { type: 'text', text: '[]}' },
        ],
      },
    },
  ],
} satisfies ContentPartCompletion;
