import type { Provenance } from '@symfonic/core';

/** The provenance stored in a row's `writer`, `turn_id` and `reply_family` columns, absent parts left out. */
export function provenanceOf(row: {
  readonly writer: string;
  readonly turnId: string | null;
  readonly replyFamily: string | null;
}): Provenance {
  return {
    writer: row.writer,
    ...(row.turnId === null ? {} : { turnId: row.turnId }),
    ...(row.replyFamily === null ? {} : { replyFamily: row.replyFamily }),
  };
}
