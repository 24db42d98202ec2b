import type { MemoryScope } from '../memory-scope.js';

/**
 * One scope that holds something, as `MemoryStore.scopes` answers it: a
 * user's conversation, typically. Counts are of what sits at exactly this
 * scope, not below it.
 */
export interface ScopeSummary {
  readonly scope: MemoryScope;
  /** Live memories at exactly this scope. */
  readonly memories: number;
  /** Deleted memories at exactly this scope (their history is kept). */
  readonly deleted: number;
  /** Turns logged at exactly this scope. */
  readonly turns: number;
  /** The latest time a memory version or a turn was written at exactly this scope. */
  readonly lastActivity: Date;
}

/** One page of `MemoryStore.scopes`. */
export interface ScopePage {
  /** The scopes of this page, in scope order (see `compareScopes`). */
  readonly scopes: readonly ScopeSummary[];
  /** The cursor of the next page, passed back as `after`; absent on the last page. */
  readonly nextCursor?: string;
}
