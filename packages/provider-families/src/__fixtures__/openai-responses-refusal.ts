import { type RawResponse, responseEnvelope } from './openai-raw-response.js';

/** A message whose only part is a refusal. */
export const openaiResponsesRefusal = {
  ...responseEnvelope,
  output: [
    {
      id: 'msg_refusal',
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'refusal', refusal: "I'm sorry, I can't help with that." }],
    },
  ],
} satisfies RawResponse;
