import type { MemoryRecord, MemoryVersion } from '@symfonic/core';

/** One memory as the in-memory store keeps it: the current record, its place and its history. */
export interface StoredMemory {
  /** The record as it now stands (as it last stood once deleted); frozen. */
  readonly record: MemoryRecord;
  /** The {@link scopeKey} of the record's scope. */
  readonly key: string;
  /** Creation order within the store: what `list` pages by. */
  readonly sequence: number;
  /** False once deleted (a tombstone is the last version). */
  readonly live: boolean;
  /** Every version, oldest first; frozen. */
  readonly versions: readonly MemoryVersion[];
}
