import { flatten, type MemoryRecord } from '@symfonic/core';

/** The characters a memory costs in the block: its text as it renders (flattened, trimmed). */
export function renderedLength(record: MemoryRecord): number {
  return flatten(record.text).trim().length;
}
