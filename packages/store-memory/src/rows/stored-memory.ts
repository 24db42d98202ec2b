import type { MemoryRecord, MemoryVersion } from '@symfonic/core';

/** One memory as the in-memory store keeps it: the current record, its place and its history. */
export interface StoredMemory {
  /** The record as it now stands (as it last stood once deleted); frozen. */
  readonly record: MemoryRecord;
  /** The {@link scopePathPrefix} of the record's scope. */
  readonly key: string;
  /** Creation order within the store: what `list` pages by. */
  readonly sequence: number;
  /** False once deleted (a tombstone is the last version). */
  readonly live: boolean;
  /**
   * Every committed version, oldest first (each frozen). One array per memory,
   * shared by its successive states and only ever appended to when a change
   * commits, so a change costs the same however long the history is.
   */
  readonly versions: readonly MemoryVersion[];
  /** How many versions the memory has in this state: the number of its latest version. */
  readonly versionCount: number;
}
