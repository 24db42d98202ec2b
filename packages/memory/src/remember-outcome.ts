import type { MemoryRecord, RejectionCode } from '@symfonic/core';
import type { ProviderFamily } from '@symfonic/provider-families';

/**
 * Why `remember` refused one op: core's {@link RejectionCode}s as the store
 * reports them, plus `unknown-ref`: the op named a ref that the memory block
 * it was written from does not hold (the model invented it).
 */
export const RememberRejectionCode = {
  invalidOp: 'invalid-op',
  textTooLong: 'text-too-long',
  unknownId: 'unknown-id',
  duplicate: 'duplicate',
  unknownRef: 'unknown-ref',
} as const satisfies Record<string, RejectionCode | 'unknown-ref'>;

/** One of the {@link RememberRejectionCode} values. */
export type RememberRejectionCode =
  (typeof RememberRejectionCode)[keyof typeof RememberRejectionCode];

/** An op that was written. `index` is its position in the reply's `ops`. */
export interface RememberedOp {
  readonly index: number;
  readonly op: 'add' | 'update' | 'delete';
  /** The ref the op named, when it named one. */
  readonly ref?: string;
  /** The record as it now stands (as it last stood, for a delete). */
  readonly record: MemoryRecord;
}

/** An op that was refused. `index` is its position in the reply's `ops`. */
export interface RememberRejection {
  readonly index: number;
  readonly code: RememberRejectionCode;
  readonly reason: string;
  /** For `duplicate`: the id of the memory that already holds the text, when the store named it. */
  readonly existingId?: string;
}

/**
 * Why nothing at all was read out of a reply:
 * - `unreadable-reply`: no provider family recognised the reply's shape;
 * - `no-json-object`: the reply's answer text holds no JSON object;
 * - `no-ops`: the JSON object has no `ops` list.
 */
export type UnreadableCode = 'unreadable-reply' | 'no-json-object' | 'no-ops';

/** What `remember` did with one model reply. */
export interface RememberOutcome {
  /** The reply's provider family (`unknown` when unreadable). */
  readonly family: ProviderFamily;
  /** The ops written, all in one store write. */
  readonly applied: readonly RememberedOp[];
  /** The ops refused, each with its code and reason. */
  readonly rejected: readonly RememberRejection[];
  /**
   * The answer a person should see: the reply's answer text with the ops object `remember` read
   * cut out, with its code fence and the whitespace around it (see `answerWithoutOps`); the
   * answer text unchanged when it carries no ops object; `''` for an unreadable reply.
   */
  readonly answer: string;
  /** The kinds of reply content that were not read (e.g. `thinking`, `tool_use`). */
  readonly ignored: readonly string[];
  /** Present when nothing was read out of the reply (and nothing was written), saying why. */
  readonly unreadable?: { readonly code: UnreadableCode; readonly reason: string };
}
