import { isRecord } from '../is-record.js';
import type { ReplyCollector } from '../reply-collector.js';

/** OpenAI chat message fields that carry something other than the answer. */
const nonAnswerFields = [
  'refusal',
  'tool_calls',
  'function_call',
  'audio',
  'reasoning_content',
  'reasoning',
] as const;

function isPresent(field: unknown): boolean {
  if (typeof field === 'string' || Array.isArray(field)) return field.length > 0;
  return isRecord(field);
}

/**
 * Names, in `collector`, the non-answer fields of an OpenAI-style chat message that hold
 * something: `refusal`, `tool_calls`, `function_call`, `audio`, and the reasoning fields
 * OpenAI-compatible servers add (`reasoning_content`, `reasoning`). Empty, `null` and absent
 * fields are not named; none of them is ever read as text.
 */
export function readChatMessageFields(
  message: Record<PropertyKey, unknown>,
  collector: ReplyCollector,
): void {
  for (const field of nonAnswerFields) {
    if (isPresent(message[field])) collector.ignore(field);
  }
}
