import type { MemoryRecord } from './memory-record.js';

/** Why a store refused one op. */
export const RejectionCode = {
  /** The op is not a valid `add` / `update` / `delete` (the reason names the field). */
  invalidOp: 'invalid-op',
  /** The text is over {@link Limits.memoryText}, or the context over {@link Limits.memoryContext}. */
  textTooLong: 'text-too-long',
  /** No memory with that id is visible to the scope (another scope's id looks exactly like this). */
  unknownId: 'unknown-id',
  /** A memory with the same normalised text already exists in that scope and layer. */
  duplicate: 'duplicate',
} as const;

/** One of the {@link RejectionCode} values. */
export type RejectionCode = (typeof RejectionCode)[keyof typeof RejectionCode];

/** An op that was written: its position in the request, its kind, and the record as it now stands (as it last stood, for a delete). */
export interface AppliedOp {
  readonly index: number;
  readonly op: 'add' | 'update' | 'delete';
  readonly record: MemoryRecord;
}

/** An op that was refused, with a machine code and a reason for people. */
export interface RejectedOp {
  readonly index: number;
  readonly code: RejectionCode;
  readonly reason: string;
  /** For `duplicate`: the id of the memory that already holds this text. */
  readonly existingId?: string;
}

/** What `MemoryWriter.apply` did: every op is in exactly one of the two lists. */
export interface ApplyResult {
  readonly applied: readonly AppliedOp[];
  readonly rejected: readonly RejectedOp[];
}
