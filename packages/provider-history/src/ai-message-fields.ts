import type { AIMessageFields } from '@langchain/core/messages';
import type { AIMessageShape } from './is-ai-message.js';

/**
 * The fields an `AIMessage` is built from, read off `message` (an `AIMessage`
 * or an `AIMessageChunk`): content, tool calls, invalid tool calls, usage,
 * response metadata, additional kwargs, id and name. What only a chunk has
 * (`tool_call_chunks`, `concat`) is left behind, as LangChain's Python
 * `message_chunk_to_message` leaves it. `id`, `name` and `usage_metadata`
 * are present only when the message has them.
 *
 * The top-level arrays (`content` when it is one, `tool_calls`,
 * `invalid_tool_calls`) are fresh copies, because the `AIMessage`
 * constructor appends to them for v1 content; what they hold is shared, not
 * copied. Nothing of `message` is mutated.
 */
export function aiMessageFields(message: AIMessageShape): AIMessageFields {
  const fields: AIMessageFields = {
    content: (typeof message.content === 'string'
      ? message.content
      : [...message.content]) as AIMessageFields['content'],
    tool_calls: copyOfList(message.tool_calls) as AIMessageFields['tool_calls'],
    invalid_tool_calls: copyOfList(
      message.invalid_tool_calls,
    ) as AIMessageFields['invalid_tool_calls'],
    additional_kwargs: recordOrEmpty(
      message.additional_kwargs,
    ) as AIMessageFields['additional_kwargs'],
    response_metadata: recordOrEmpty(
      message.response_metadata,
    ) as AIMessageFields['response_metadata'],
  };
  if (typeof message.id === 'string') fields.id = message.id;
  if (typeof message.name === 'string') fields.name = message.name;
  if (message.usage_metadata !== undefined && message.usage_metadata !== null) {
    fields.usage_metadata = message.usage_metadata as AIMessageFields['usage_metadata'];
  }
  return fields;
}

function copyOfList(value: unknown): unknown[] {
  return Array.isArray(value) ? [...value] : [];
}

function recordOrEmpty(value: unknown): object {
  return typeof value === 'object' && value !== null ? value : {};
}
