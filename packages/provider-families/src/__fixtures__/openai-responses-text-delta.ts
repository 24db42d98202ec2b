import type OpenAI from 'openai';

/** A lone streaming event: a fragment of a reply, not a reply. */
export const openaiResponsesTextDelta = {
  type: 'response.output_text.delta',
  item_id: 'msg_123',
  output_index: 0,
  content_index: 0,
  delta: '{"ops":[]}',
  logprobs: [],
  sequence_number: 4,
} satisfies OpenAI.Responses.ResponseTextDeltaEvent;
