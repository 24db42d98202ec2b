/**
 * The size limits every adapter enforces. Input over a limit is refused with
 * `InvalidMemoryInput`, never truncated: a silently shortened memory is a
 * memory nobody wrote.
 */
export const Limits = {
  /** Longest tenant id or path segment, in Unicode code points (what zod and PostgreSQL count). */
  segmentLength: 128,
  /** Deepest scope path below a tenant. */
  pathDepth: 16,
  /** Longest memory text, in Unicode code points (what zod and PostgreSQL count). */
  memoryText: 4_000,
  /**
   * Longest memory context (searchable text that is not part of the memory's
   * rendered text, e.g. the turn a remark replies to), in Unicode code points.
   */
  memoryContext: 2_000,
  /** Longest conversation turn text, in Unicode code points (what zod and PostgreSQL count). */
  turnText: 32_000,
  /** Longest retrieval cue, in Unicode code points (what zod and PostgreSQL count). */
  cueText: 8_000,
  /**
   * Most distinct words (stop words aside) of a cue a store searches for. A
   * cue with more is searched for its first this many, in the order the cue
   * says them, and the result reports `cue-shortened`: each word costs an
   * index read and a term of the ranking of every memory it brings, so a
   * maximal cue (`cueText` characters of distinct words, about a thousand)
   * held a shared store for over a second.
   */
  cueTerms: 32,
  /** Longest id (memory, turn, writer), in Unicode code points (what zod and PostgreSQL count). */
  id: 128,
  /** Most memories one query may ask for. */
  queryLimit: 1_000,
  /**
   * Most ops one `apply` (and one model reply, across every channel) may carry.
   * The excess is refused with a reason, never applied in part: an unbounded
   * reply would hold one transaction and its row locks for seconds.
   */
  opsPerApply: 256,
  /** Most entries one page of `changes`, `scopes` or `turns` answers. */
  feedPage: 1_000,
  /** Entries a page of `changes`, `scopes` or `turns` answers when no `limit` is given. */
  feedPageDefault: 100,
  /** Most memories plus turns one `restore` batch may carry (it is one transaction). */
  restoreBatch: 1_000,
} as const;
