import { type RawResponse, responseEnvelope } from './openai-raw-response.js';

/** A function call item and no message: readable, no text. */
export const openaiResponsesFunctionCall = {
  ...responseEnvelope,
  output: [
    {
      id: 'fc_12345xyz',
      call_id: 'call_12345xyz',
      type: 'function_call',
      name: 'get_weather',
      arguments: '{"location":"Paris, France"}',
      status: 'completed',
    },
  ],
} satisfies RawResponse;
