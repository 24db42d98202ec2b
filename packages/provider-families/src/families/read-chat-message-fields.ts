import { isRecord } from '@symfonic/core';
import type { ReplyCollector } from '../reply-collector.js';
import { boundedLength } from '../reply-limits.js';
import { toolCallOf } from '../tool-call-input.js';

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

/** Records the `function` entries of an OpenAI `tool_calls` list (arguments: a JSON string). */
function readToolCalls(calls: readonly unknown[], collector: ReplyCollector): void {
  const count = boundedLength(calls);
  for (let index = 0; index < count; index++) {
    const call: unknown = calls[index];
    if (!isRecord(call)) continue;
    const fn = call.function;
    if (!isRecord(fn) || typeof fn.name !== 'string') continue;
    collector.addToolCall(toolCallOf('tool_calls', call.id, fn.name, fn.arguments));
  }
}

/**
 * Names, in `collector`, the non-answer fields of an OpenAI-style chat message that hold
 * something: `refusal`, `tool_calls`, `function_call`, `audio`, and the reasoning fields
 * OpenAI-compatible servers add (`reasoning_content`, `reasoning`). Empty, `null` and absent
 * fields are not named; none of them is ever read as text. The `function` entries of
 * `tool_calls` are also recorded as tool calls (the legacy `function_call` has no id to answer
 * and is only named).
 *
 * @throws ReplyTooLarge when `tool_calls` is longer than `maxReplyItems`.
 */
export function readChatMessageFields(
  message: Record<PropertyKey, unknown>,
  collector: ReplyCollector,
): void {
  for (const field of nonAnswerFields) {
    const value = message[field];
    if (!isPresent(value)) continue;
    if (field === 'tool_calls' && Array.isArray(value)) readToolCalls(value, collector);
    collector.ignore(field);
  }
}
