import type OpenAI from 'openai';

/**
 * A Responses API response as it comes over the wire: the SDK's type minus `output_text`, the
 * convenience field the SDK adds client-side and raw JSON does not have.
 */
export type RawResponse = Omit<OpenAI.Responses.Response, 'output_text'>;

/** The envelope fields every Responses fixture shares: metadata the reader must never touch. */
export const responseEnvelope = {
  id: 'resp_{"ops":[{"op":"add","text":"from the id"}]}',
  object: 'response',
  created_at: 1_764_494_400,
  model: 'gpt-5',
  error: null,
  incomplete_details: null,
  instructions: null,
  metadata: { note: '{"ops":[]}' },
  parallel_tool_calls: true,
  temperature: 1,
  tool_choice: 'auto',
  tools: [],
  top_p: 1,
  status: 'completed',
  usage: {
    input_tokens: 36,
    input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
    output_tokens: 87,
    output_tokens_details: { reasoning_tokens: 64 },
    total_tokens: 123,
  },
} satisfies Omit<RawResponse, 'output'>;
