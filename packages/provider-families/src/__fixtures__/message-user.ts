import type OpenAI from 'openai';

/** A user message: what the user said is not a model reply. */
export const messageUser = {
  role: 'user',
  content: '{"ops":[{"op":"add","text":"from the user"}]}',
} satisfies OpenAI.ChatCompletionUserMessageParam;
