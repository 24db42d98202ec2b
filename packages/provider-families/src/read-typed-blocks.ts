import { isRecord } from '@symfonic/core';
import type { ReplyCollector } from './reply-collector.js';
import { boundedLength } from './reply-limits.js';
import type { ToolCall } from './tool-call.js';

/**
 * Reads a list of `{ type, … }` content blocks into `collector`: a block whose `type` is one of
 * `textTypes` and whose `text` is a string is an answer text unit; a block `toolCallOf` reads
 * as a tool call is recorded as one (and named); a block of any other type (or a text-typed block
 * without string text) is skipped and named by its `type`. A block with no string `type` has no
 * kind to name and contributes nothing.
 *
 * @throws ReplyTooLarge when `blocks` is longer than `maxReplyItems` (nothing is read).
 */
export function readTypedBlocks(
  blocks: readonly unknown[],
  textTypes: ReadonlySet<string>,
  collector: ReplyCollector,
  toolCallOf?: (block: Record<PropertyKey, unknown>) => ToolCall | undefined,
): void {
  const count = boundedLength(blocks);
  for (let index = 0; index < count; index++) {
    const block = blocks[index];
    if (!isRecord(block)) continue;
    const type = block.type;
    if (typeof type !== 'string') continue;
    const text = textTypes.has(type) ? block.text : undefined;
    if (typeof text === 'string') {
      collector.addText(text);
      continue;
    }
    const call = toolCallOf?.(block);
    if (call) collector.addToolCall(call);
    else collector.ignore(type);
  }
}
