import { isRecord } from './is-record.js';
import type { ReplyCollector } from './reply-collector.js';

/**
 * Reads a list of `{ type, … }` content blocks into `collector`: a block whose `type` is one of
 * `textTypes` and whose `text` is a string is an answer text unit; a block of any other type
 * (or a text-typed block without string text) is skipped and named by its `type`. A block with no
 * string `type` has no kind to name and contributes nothing.
 */
export function readTypedBlocks(
  blocks: readonly unknown[],
  textTypes: ReadonlySet<string>,
  collector: ReplyCollector,
): void {
  const count = blocks.length;
  for (let index = 0; index < count; index++) {
    const block = blocks[index];
    if (!isRecord(block)) continue;
    const type = block.type;
    if (typeof type !== 'string') continue;
    const text = textTypes.has(type) ? block.text : undefined;
    if (typeof text === 'string') collector.addText(text);
    else collector.ignore(type);
  }
}
