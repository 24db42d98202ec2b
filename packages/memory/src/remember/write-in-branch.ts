import {
  type ApplyResult,
  isWithin,
  type MemoryOpInput,
  type MemoryScope,
  type MemoryStore,
  type MemoryWriter,
  type Provenance,
  type RejectedOp,
  requireVisible,
} from '@symfonic/core';
import { isRecord } from '../is-record.js';
import { MissingMemoryPort } from '../missing-memory-port.js';
import { RememberRejectionCode } from './remember-outcome.js';

/**
 * Which memories a model may change through a memory instance (`createMemory`'s `writes`):
 * `ancestors: true` lets it update and delete memories kept at an ancestor of the scope it
 * writes at (default `false`: they are read-only to it).
 */
export interface WritePolicy {
  readonly ancestors?: boolean;
}

/** The ports {@link writeInBranch} writes through: `apply`, and `get` to find each target's scope. */
export type BranchWritePorts = MemoryWriter & Partial<Pick<MemoryStore, 'get'>>;

/** An op `writeInBranch` refused before the store saw it, or one the store refused. */
export type BranchRejectedOp =
  | RejectedOp
  | {
      readonly index: number;
      readonly code: typeof RememberRejectionCode.ancestorReadOnly;
      readonly reason: string;
    };

/** What {@link writeInBranch} did: every op is in exactly one of the two lists, by its index in the ops given. */
export interface BranchApplyResult {
  readonly applied: ApplyResult['applied'];
  readonly rejected: readonly BranchRejectedOp[];
}

/** The memory id an op updates or deletes; `undefined` for an add or a malformed op (the store refuses it). */
function targetOf(op: unknown): string | undefined {
  return isRecord(op) && (op.op === 'update' || op.op === 'delete') && typeof op.id === 'string'
    ? op.id
    : undefined;
}

const ancestorReadOnlyReason =
  'the memory is kept above this scope, where every scope below it reads it: a model writing here may read it, not change it';

/**
 * Write the ops a model asked for at `scope`, keeping them in the writer's
 * branch: an `update` or `delete` of a memory kept at an ancestor of `scope`
 * (a tenant's or a team's memory, which every user below it reads) is refused
 * as `ancestor-read-only` before the store sees it, unless `policy.ancestors`
 * is set; a memory at `scope` or below it is written as usual. Every model
 * write goes through here (`remember` in both channels, so the AI SDK
 * middleware and tools, the tool channel of every family and MCP
 * `memory_remember`; MCP `memory_forget` through `Memory.applyModelOps`);
 * the store's own `apply`, for the app itself, is unchanged.
 *
 * Each target's scope comes from `ports.get` (a memory's scope never changes,
 * so reading it first cannot race a write); an id the store does not know
 * goes on to the store, which refuses it as `unknown-id`, as it refuses a
 * malformed op.
 *
 * @throws MissingMemoryPort when an op updates or deletes, the policy keeps ancestors read-only and the store has no `get`.
 * @throws ScopeViolation when the store's `get` answered a memory `scope` cannot see.
 * @throws MemoryUnavailable when the store cannot be reached; nothing was written.
 */
export async function writeInBranch(
  ports: BranchWritePorts,
  scope: MemoryScope,
  ops: readonly unknown[] | readonly MemoryOpInput[],
  provenance: Provenance,
  policy: WritePolicy = {},
): Promise<BranchApplyResult> {
  const targets = policy.ancestors
    ? []
    : [...new Set(ops.map(targetOf).filter((id) => id !== undefined))];
  const readOnly = new Set<string>();
  if (targets.length > 0) {
    const { get } = ports;
    if (!get) {
      throw new MissingMemoryPort({
        method: 'get',
        port: 'MemoryStore',
        neededBy:
          'a model update or delete (to keep ancestors read-only; set writes.ancestors to go without)',
      });
    }
    const records = await Promise.all(targets.map((id) => get.call(ports, scope, id)));
    const found = records.filter((record) => record !== undefined);
    requireVisible(found, scope);
    for (const record of found) if (!isWithin(record.scope, scope)) readOnly.add(record.id);
  }

  const rejected: BranchRejectedOp[] = [];
  const passed: { index: number; op: unknown }[] = [];
  ops.forEach((op: unknown, index) => {
    const target = targetOf(op);
    if (target !== undefined && readOnly.has(target)) {
      rejected.push({
        index,
        code: RememberRejectionCode.ancestorReadOnly,
        reason: ancestorReadOnlyReason,
      });
    } else {
      passed.push({ index, op });
    }
  });
  if (passed.length === 0) return { applied: [], rejected };
  const result = await ports.apply(
    scope,
    passed.map(({ op }) => op),
    provenance,
  );
  const original = (storeIndex: number) => {
    const entry = passed[storeIndex];
    if (!entry) throw new Error(`the store answered op ${storeIndex}, which it was not given`);
    return entry.index;
  };
  return {
    applied: result.applied
      .map((done) => ({ ...done, index: original(done.index) }))
      .sort((left, right) => left.index - right.index),
    rejected: [
      ...rejected,
      ...result.rejected.map((refused) => ({ ...refused, index: original(refused.index) })),
    ].sort((left, right) => left.index - right.index),
  };
}
