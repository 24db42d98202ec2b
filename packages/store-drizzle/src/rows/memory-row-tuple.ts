import type { MemoryRow } from './memory-columns.js';

/**
 * A {@link MemoryRow} as a statement's JSON document carries it: its columns
 * in the order of `memoryColumns`, timestamps as ISO 8601 text (what
 * `json_build_array` prints for `timestamptz`).
 */
export type MemoryRowTuple = [
  id: string,
  tenant: string,
  path: string[],
  layer: MemoryRow['layer'],
  text: string,
  salience: number,
  metadata: Record<string, unknown> | null,
  writer: string,
  turnId: string | null,
  replyFamily: string | null,
  version: number,
  createdAt: string,
  updatedAt: string,
  context: string | null,
];

/** How many entries of a JSON row are the {@link MemoryRowTuple}; a statement's own values follow them. */
export const memoryRowTupleLength = 14;

/**
 * The {@link MemoryRow} the first {@link memoryRowTupleLength} entries of
 * `tuple` hold (the statement's own values after them are not read); the
 * timestamps are read to the millisecond, as drizzle reads them.
 */
export function memoryRowOfTuple(tuple: readonly [...MemoryRowTuple, ...unknown[]]): MemoryRow {
  const [
    id,
    tenant,
    path,
    layer,
    text,
    salience,
    metadata,
    writer,
    turnId,
    replyFamily,
    version,
    createdAt,
    updatedAt,
    context,
  ] = tuple;
  return {
    id,
    tenant,
    path,
    layer,
    text,
    salience,
    metadata,
    writer,
    turnId,
    replyFamily,
    version,
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
    context,
  };
}
