import type { MemoryRecord } from '@symfonic/core';
import { shownText } from '../render/shown-text.js';

/** The characters a memory costs in the block: its text as it renders (flattened, trimmed). */
export function renderedLength(record: MemoryRecord): number {
  return shownText(record.text).length;
}
