/**
 * The size limits every adapter enforces. Input over a limit is refused with
 * `InvalidMemoryInput`, never truncated: a silently shortened memory is a
 * memory nobody wrote.
 */
export const Limits = {
  /** Longest tenant id or path segment, in UTF-16 code units. */
  segmentLength: 128,
  /** Deepest scope path below a tenant. */
  pathDepth: 16,
  /** Longest memory text, in UTF-16 code units. */
  memoryText: 4_000,
  /** Longest conversation turn text, in UTF-16 code units. */
  turnText: 32_000,
  /** Longest retrieval cue, in UTF-16 code units. */
  cueText: 8_000,
  /** Longest id (memory, turn, writer), in UTF-16 code units. */
  id: 128,
  /** Most memories one query may ask for. */
  queryLimit: 1_000,
} as const;
