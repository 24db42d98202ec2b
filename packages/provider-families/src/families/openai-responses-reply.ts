import { isRecord } from '@symfonic/core';
import type { ProviderReply } from '../provider-reply.js';
import { readTypedBlocks } from '../read-typed-blocks.js';
import { ReplyCollector } from '../reply-collector.js';
import { boundedLength } from '../reply-limits.js';
import { toolCallOf } from '../tool-call-input.js';

const answerPartTypes: ReadonlySet<string> = new Set(['output_text']);

/**
 * Reads an OpenAI Responses API response (`object: "response"`, an `output` item list): the
 * `output_text` parts of every `message` item, in order. Every other item type (`reasoning`,
 * `function_call`, `web_search_call`…) and every other part type (`refusal`) is named in
 * `ignored`; a `function_call` item is also a tool call (its `call_id` as the id, `arguments`
 * parsed from their JSON string). The SDK's `output_text` convenience field is not read: raw JSON does not have it.
 *
 * @throws ReplyTooLarge when a list is longer than `maxReplyItems`.
 * @returns `undefined` when `value` is not that shape.
 */
export function readOpenAIResponsesReply(
  value: Record<PropertyKey, unknown>,
): ProviderReply | undefined {
  if (value.object !== 'response') return undefined;
  const output = value.output;
  if (!Array.isArray(output)) return undefined;
  const collector = new ReplyCollector();
  const count = boundedLength(output);
  for (let index = 0; index < count; index++) {
    const item: unknown = output[index];
    if (!isRecord(item) || typeof item.type !== 'string') continue;
    const content = item.type === 'message' ? item.content : undefined;
    if (Array.isArray(content)) readTypedBlocks(content, answerPartTypes, collector);
    else if (item.type === 'function_call' && typeof item.name === 'string') {
      collector.addToolCall(toolCallOf('function_call', item.call_id, item.name, item.arguments));
    } else collector.ignore(item.type);
  }
  return collector.reply('openai-responses');
}
