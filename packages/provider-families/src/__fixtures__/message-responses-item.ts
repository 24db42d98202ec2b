import type OpenAI from 'openai';

/** A Responses API output message item on its own (as sent back in `input`): `output_text` parts. */
export const messageResponsesItem = {
  id: 'msg_123',
  type: 'message',
  role: 'assistant',
  status: 'completed',
  content: [
    { type: 'output_text', text: 'Noted ', annotations: [] },
    { type: 'output_text', text: 'and stored.', annotations: [] },
  ],
} satisfies OpenAI.Responses.ResponseOutputMessage;
