import {
  type AcceptedOp,
  type AppliedOp,
  type MemoryOp,
  type MemoryRecord,
  type MemoryScope,
  type MemoryVersion,
  type Provenance,
  type RejectedOp,
  RejectionCode,
} from '@symfonic/core';
import type { StoredMemory } from '../rows/stored-memory.js';
import { isPrefixVisible } from '../scope/scope-path-prefix.js';
import type { PlannedChange, TenantMemories } from '../tenant-memories.js';
import { dedupeKey } from './dedupe-key.js';

/** What an apply will do: the per-op outcome and the changes to commit. */
export interface ApplyPlan {
  readonly applied: AppliedOp[];
  readonly rejected: RejectedOp[];
  readonly changes: PlannedChange[];
}

/** Everything {@link planApply} needs besides the ops. */
export interface ApplyPlanInput {
  readonly tenant: TenantMemories;
  readonly scope: MemoryScope;
  /** The {@link scopePathPrefix} of `scope`. */
  readonly key: string;
  readonly provenance: Provenance;
  readonly at: Date;
  /** The vector of each text to write, when the store has an embedder. */
  readonly vectors: ReadonlyMap<string, Float32Array> | undefined;
  readonly nextSequence: () => number;
  readonly newId: () => string;
}

/**
 * A memory's new state. `versions` is the memory's history array, shared with
 * its earlier states (a new one for an add): the change's version is appended
 * to it when the change commits, never copied here.
 */
function freezeMemory(
  record: MemoryRecord,
  key: string,
  sequence: number,
  live: boolean,
  versions: readonly MemoryVersion[],
  versionCount: number,
): StoredMemory {
  Object.freeze(record.scope.path);
  Object.freeze(record.scope);
  Object.freeze(record.provenance);
  return Object.freeze({
    record: Object.freeze(record),
    key,
    sequence,
    live,
    versions,
    versionCount,
  });
}

function versionOf(
  record: MemoryRecord,
  number: number,
  change: MemoryVersion['change'],
  provenance: Provenance,
  at: Date,
): MemoryVersion {
  return Object.freeze({
    memoryId: record.id,
    version: number,
    change,
    layer: record.layer,
    text: record.text,
    ...(record.context === undefined ? {} : { context: record.context }),
    salience: record.salience,
    provenance,
    at,
  });
}

/**
 * Decide every op of one apply against the tenant's state, in order, each op
 * seeing the ones before it, without changing anything: the result is
 * committed in one synchronous step, or not at all. The ops arrive validated
 * (the store kit rejected the others). Rejections: an update or delete of an id not
 * live and visible to the scope is `unknown-id` (a foreign id looks exactly
 * like an unknown one); an add, or an update, onto the normalised text of
 * another live memory of the same scope and layer is `duplicate`, naming it.
 *
 * @returns the plan; never throws.
 */
export function planApply(ops: readonly AcceptedOp[], input: ApplyPlanInput): ApplyPlan {
  const { tenant, scope, key, provenance, at, vectors } = input;
  const frozenProvenance = Object.freeze({ ...provenance });
  const pending = new Map<string, StoredMemory>();
  const pendingHolders = new Map<string, string | undefined>();
  const plan: ApplyPlan = { applied: [], rejected: [], changes: [] };

  const lookup = (id: string): StoredMemory | undefined => {
    const memory = pending.get(id) ?? tenant.memories.get(id);
    return memory?.live && isPrefixVisible(memory.key, key) ? memory : undefined;
  };
  const holderOf = (holderKey: string): string | undefined =>
    pendingHolders.has(holderKey) ? pendingHolders.get(holderKey) : tenant.holders.get(holderKey);
  const write = (
    memory: StoredMemory,
    version: MemoryVersion,
    index: number,
    op: AppliedOp['op'],
    shown: MemoryRecord,
  ) => {
    pending.set(memory.record.id, memory);
    const vector = memory.live ? vectors?.get(memory.record.text) : undefined;
    plan.changes.push(vector ? { memory, version, vector } : { memory, version });
    plan.applied.push({ index, op, record: shown });
  };
  const duplicate = (index: number, existingId: string) => {
    plan.rejected.push({
      index,
      code: RejectionCode.duplicate,
      reason: `memory "${existingId}" already holds this text in this scope and layer`,
      existingId,
    });
  };
  const unknown = (index: number, id: string) => {
    plan.rejected.push({
      index,
      code: RejectionCode.unknownId,
      reason: `no memory "${id}" is visible to this scope`,
    });
  };

  const planAdd = (index: number, op: Extract<MemoryOp, { op: 'add' }>): void => {
    const holderKey = dedupeKey(key, op.layer, op.text);
    const holder = holderOf(holderKey);
    if (holder !== undefined) {
      duplicate(index, holder);
      return;
    }
    const record: MemoryRecord = {
      id: input.newId(),
      scope: { tenant: scope.tenant, path: [...scope.path] },
      layer: op.layer,
      text: op.text,
      salience: op.salience,
      provenance: frozenProvenance,
      createdAt: at,
      updatedAt: at,
    };
    // Kept as JSON keeps it, as the PostgreSQL store does (JSON has no -0: it reads back 0).
    if (op.metadata !== undefined) record.metadata = JSON.parse(JSON.stringify(op.metadata));
    if (op.context !== undefined) record.context = op.context;
    const memory = freezeMemory(record, key, input.nextSequence(), true, [], 1);
    pendingHolders.set(holderKey, record.id);
    write(memory, versionOf(record, 1, 'created', frozenProvenance, at), index, 'add', record);
  };

  const planUpdate = (
    index: number,
    op: Extract<MemoryOp, { op: 'update' }>,
    current: StoredMemory,
  ): void => {
    const newKey = dedupeKey(current.key, current.record.layer, op.text);
    const holder = holderOf(newKey);
    if (holder !== undefined && holder !== op.id) {
      duplicate(index, holder);
      return;
    }
    const record: MemoryRecord = {
      ...current.record,
      text: op.text,
      salience: op.salience ?? current.record.salience,
      provenance: frozenProvenance,
      updatedAt: at,
    };
    if (op.context === null) delete record.context;
    else if (op.context !== undefined) record.context = op.context;
    const number = current.versionCount + 1;
    pendingHolders.set(
      dedupeKey(current.key, current.record.layer, current.record.text),
      undefined,
    );
    pendingHolders.set(newKey, op.id);
    write(
      freezeMemory(record, current.key, current.sequence, true, current.versions, number),
      versionOf(record, number, 'updated', frozenProvenance, at),
      index,
      'update',
      record,
    );
  };

  const planDelete = (index: number, current: StoredMemory): void => {
    const number = current.versionCount + 1;
    pendingHolders.set(
      dedupeKey(current.key, current.record.layer, current.record.text),
      undefined,
    );
    const tombstone = freezeMemory(
      current.record,
      current.key,
      current.sequence,
      false,
      current.versions,
      number,
    );
    const version = versionOf(current.record, number, 'deleted', frozenProvenance, at);
    write(tombstone, version, index, 'delete', current.record);
  };

  for (const { index, op } of ops) {
    if (op.op === 'add') {
      planAdd(index, op);
      continue;
    }
    const current = lookup(op.id);
    if (!current) unknown(index, op.id);
    else if (op.op === 'update') planUpdate(index, op, current);
    else planDelete(index, current);
  }
  return plan;
}
