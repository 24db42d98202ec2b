import type { MemoryScope } from '../memory-scope.js';
import type { MemoryVersion } from '../memory-version.js';

/**
 * One version of one memory as the change feed answers it: the version, and
 * the scope of its memory (a memory never moves, so every version of it has
 * the same scope). A deletion is the version whose `change` is `deleted`.
 */
export interface MemoryChange extends MemoryVersion {
  /** The scope of the memory this version belongs to. */
  readonly scope: MemoryScope;
}

/** One page of `MemoryStore.changes`. */
export interface ChangePage {
  /** The changes of this page, in feed order (see `compareChanges`). */
  readonly changes: readonly MemoryChange[];
  /** The cursor of the next page, passed back as `after`; absent on the last page. */
  readonly nextCursor?: string;
}
