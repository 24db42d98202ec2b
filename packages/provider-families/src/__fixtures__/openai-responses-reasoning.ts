import { type RawResponse, responseEnvelope } from './openai-raw-response.js';

/** A reasoning item whose summary drafts a JSON object which is not the answer, then the answer. */
export const openaiResponsesReasoning = {
  ...responseEnvelope,
  output: [
    {
      id: 'rs_67ccd3a9da748190baa7f1570bf5a2f4',
      type: 'reasoning',
      summary: [
        { type: 'summary_text', text: 'Considered {"ops":[{"op":"add","text":"wrong"}]}.' },
      ],
      encrypted_content: null,
    },
    {
      id: 'msg_67ccd3acc8d48190a77525dc6de64b4a',
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [
        {
          type: 'output_text',
          text: '{"ops":[{"op":"add","text":"The user lives in Lisbon."}]}',
          annotations: [],
        },
      ],
    },
  ],
} satisfies RawResponse;
