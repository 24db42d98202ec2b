import type { MemoryRecord, RejectionCode } from '@symfonic/core';
import type { ProviderFamily } from '@symfonic/provider-families';

/**
 * Why `remember` refused one op: core's {@link RejectionCode}s as the store
 * reports them, plus
 * - `unknown-ref`: the op named a ref that the memory block it was written
 *   from does not hold (the model invented it);
 * - `id-from-model`: the op named a memory by `id`; a model names memories
 *   only by the refs of its block (ids are for applications calling a store's
 *   `apply` directly);
 * - `too-many-ops`: the op comes after the first `Limits.opsPerApply` ops of
 *   the reply (counted across both channels) and was not applied; the ops
 *   before it were judged as usual;
 * - `ancestor-read-only`: the op updates or deletes a memory kept at an
 *   ancestor of the writing scope (a tenant's or a team's memory, read by
 *   every scope below it), which a model may read but not change unless the
 *   memory instance opts in with `writes: { ancestors: true }` (see `writeInBranch`).
 */
export const RememberRejectionCode = {
  invalidOp: 'invalid-op',
  textTooLong: 'text-too-long',
  unknownId: 'unknown-id',
  duplicate: 'duplicate',
  unknownRef: 'unknown-ref',
  idFromModel: 'id-from-model',
  tooManyOps: 'too-many-ops',
  ancestorReadOnly: 'ancestor-read-only',
} as const satisfies Record<
  string,
  RejectionCode | 'unknown-ref' | 'id-from-model' | 'too-many-ops' | 'ancestor-read-only'
>;

/** One of the {@link RememberRejectionCode} values. */
export type RememberRejectionCode =
  (typeof RememberRejectionCode)[keyof typeof RememberRejectionCode];

/**
 * Where an op came from: `text`, an ops object of the answer text (a JSON
 * object with an `ops` list, see `readOpsObjects`); `tool-call`, the input of a memory tool call (its position in
 * {@link RememberOutcome.toolCalls} is the op's `call`).
 */
export type OpChannel = 'text' | 'tool-call';

/**
 * Where one op sits in a reply. `index` is its position among all the ops of
 * the reply in the order `remember` reads them (the answer text's ops objects
 * first, object by object, then each memory tool call's, call by call);
 * `position` its place in its own `ops` list; `object`, for the `text`
 * channel, which ops object of the answer text it is in (0 the first);
 * `call`, for the `tool-call` channel, the position of its call in
 * {@link RememberOutcome.toolCalls}.
 */
export interface OpSource {
  readonly index: number;
  readonly channel: OpChannel;
  readonly position: number;
  readonly object?: number;
  readonly call?: number;
}

/** An op that was written. */
export interface RememberedOp extends OpSource {
  readonly op: 'add' | 'update' | 'delete';
  /** The ref the op named, for an update or a delete. */
  readonly ref?: string;
  /** The record as it now stands (as it last stood, for a delete). */
  readonly record: MemoryRecord;
}

/** An op that was refused. */
export interface RememberRejection extends OpSource {
  readonly code: RememberRejectionCode;
  readonly reason: string;
  /** For `duplicate`: the id of the memory that already holds the text, when the store named it. */
  readonly existingId?: string;
}

/**
 * One call of the memory tool that the reply made. `id` is the call's id (what
 * the tool result must name; `undefined` when the provider gave none), `ops`
 * how many ops its input carried. `refused` is present when the call's input
 * was refused whole, with code `invalid-tool-input` and the reason (arguments
 * that are not JSON, an input that is not an object or has no `ops` list);
 * none of its ops was then read.
 */
export interface RememberedToolCall {
  readonly id: string | undefined;
  readonly name: string;
  readonly ops: number;
  readonly refused?: { readonly code: 'invalid-tool-input'; readonly reason: string };
}

/**
 * Why nothing at all was read out of a reply:
 * - `unreadable-reply`: no provider family recognised the reply's shape (or a
 *   list of it is longer than the reader reads);
 * - `no-json-object`: the reply made no memory tool call, and its answer text
 *   holds no JSON object;
 * - `no-ops`: the reply made no memory tool call, and the JSON objects of its
 *   answer text have no `ops` list.
 */
export type UnreadableCode = 'unreadable-reply' | 'no-json-object' | 'no-ops';

/** What `remember` did with one model reply. */
export interface RememberOutcome {
  /** The reply's provider family (`unknown` when unreadable). */
  readonly family: ProviderFamily;
  /**
   * The answer a person should see: the reply's answer text without its ops objects, their code
   * fences and the whitespace before them (see `readOpsObjects`), exactly what the stream filter
   * releases; the answer text unchanged when it carries no ops object; `''` for an unreadable reply.
   */
  readonly answer: string;
  /** The ops written, all in one store write, in reading order. */
  readonly applied: readonly RememberedOp[];
  /** The ops refused, each with its code and reason, in reading order. */
  readonly rejected: readonly RememberRejection[];
  /** The reply's calls of the memory tool, in order (see {@link RememberedToolCall}). */
  readonly toolCalls: readonly RememberedToolCall[];
  /**
   * The kinds of reply content that were not read (e.g. `thinking`, `tool_use`). A tool-call
   * kind is left out when every call of that kind was the memory tool's; another tool's call
   * keeps it named.
   */
  readonly ignored: readonly string[];
  /** Present when nothing was read out of the reply (and nothing was written), saying why. */
  readonly unreadable?: { readonly code: UnreadableCode; readonly reason: string };
}
