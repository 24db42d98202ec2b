import type { MemoryRow } from './memory-columns.js';

/** A {@link MemoryRow} as a statement's JSON document carries it: timestamps as ISO 8601 text. */
type MemoryRowJson = Omit<MemoryRow, 'createdAt' | 'updatedAt'> & {
  readonly createdAt: string;
  readonly updatedAt: string;
};

/**
 * The columns of a {@link MemoryRow} in the order a {@link MemoryRowTuple} holds them: the one
 * list the statements that build the tuple (`json_build_array`) and {@link memoryRowOfTuple}
 * read it by.
 */
export const memoryRowTupleColumns = [
  'id',
  'tenant',
  'path',
  'layer',
  'text',
  'salience',
  'metadata',
  'writer',
  'turnId',
  'replyFamily',
  'version',
  'createdAt',
  'updatedAt',
  'context',
] as const satisfies readonly (keyof MemoryRow)[];

/**
 * A {@link MemoryRow} as a statement's JSON document carries it: its columns
 * in the order of {@link memoryRowTupleColumns}, timestamps as ISO 8601 text (what
 * `json_build_array` prints for `timestamptz`).
 */
export type MemoryRowTuple = JsonValues<typeof memoryRowTupleColumns>;

/** The JSON values of `Columns`, in their order. */
type JsonValues<Columns extends readonly (keyof MemoryRowJson)[]> = {
  -readonly [Index in keyof Columns]: MemoryRowJson[Columns[Index] & keyof MemoryRowJson];
};

/** How many entries of a JSON row are the {@link MemoryRowTuple}; a statement's own values follow them. */
export const memoryRowTupleLength = memoryRowTupleColumns.length;

/**
 * The {@link MemoryRow} the first {@link memoryRowTupleLength} entries of
 * `tuple` hold (the statement's own values after them are not read); the
 * timestamps are read to the millisecond, as drizzle reads them.
 */
export function memoryRowOfTuple(tuple: readonly [...MemoryRowTuple, ...unknown[]]): MemoryRow {
  const row: Record<string, unknown> = {};
  memoryRowTupleColumns.forEach((column, index) => {
    row[column] = tuple[index];
  });
  const json = row as unknown as MemoryRowJson;
  return { ...json, createdAt: new Date(json.createdAt), updatedAt: new Date(json.updatedAt) };
}
