import {
  decideRestore,
  type LoggedTurn,
  type MemoryRecord,
  type MemoryVersion,
  type RestoredMemory,
  type RestoreOutcome,
} from '@symfonic/core';
import type { StoredMemory } from '../rows/stored-memory.js';
import { scopePathPrefix } from '../scope/scope-path-prefix.js';
import type { TenantMemories } from '../tenant-memories.js';
import { TurnLog } from '../turn-log.js';
import { dedupeKey } from './dedupe-key.js';

/** What a restore will do: the outcome of every entry, and the writes, to run in one step. */
export interface RestorePlan {
  readonly memories: RestoreOutcome[];
  readonly turns: RestoreOutcome[];
  /** Write every imported entry; nothing in it can fail, which makes a restore all-or-nothing. */
  readonly commit: () => void;
}

/** Everything {@link planRestore} needs besides the batch. */
export interface RestorePlanInput {
  /** The tenant's memories (created when missing: a restore may be its first write). */
  readonly tenant: TenantMemories;
  /** Whether another tenant holds a memory under `id` (ids are unique store-wide). */
  readonly takenElsewhere: (id: string) => boolean;
  /** The vector of each live text, when the store has an embedder. */
  readonly vectors: ReadonlyMap<string, Float32Array> | undefined;
  readonly nextSequence: () => number;
}

/**
 * Decide every entry of a restore batch (checked by core's
 * `readRestoreBatch`, all in one tenant) against the tenant's state, each
 * seeing the ones before it, without changing anything.
 *
 * @returns the plan; never throws.
 */
export function planRestore(
  batch: { readonly memories: readonly RestoredMemory[]; readonly turns: readonly LoggedTurn[] },
  input: RestorePlanInput,
): RestorePlan {
  const { tenant } = input;
  const writes: (() => void)[] = [];
  const pending = new Map<string, StoredMemory>();
  const pendingHistory = new Map<string, readonly MemoryVersion[]>();
  const pendingHolders = new Map<string, string | undefined>();
  const holderOf = (holderKey: string): string | undefined =>
    pendingHolders.has(holderKey) ? pendingHolders.get(holderKey) : tenant.holders.get(holderKey);

  const memories = batch.memories.map((restored): RestoreOutcome => {
    const key = scopePathPrefix(restored.scope);
    if (input.takenElsewhere(restored.id)) {
      const elsewhere = { sameScope: false, versions: [], live: false };
      return (decideRestore(elsewhere, restored) as { outcome: RestoreOutcome }).outcome;
    }
    const existing = pending.get(restored.id) ?? tenant.memories.get(restored.id);
    const versions = restored.versions as readonly MemoryVersion[];
    const decision = decideRestore(
      existing && {
        sameScope: existing.key === key,
        versions:
          pendingHistory.get(restored.id) ?? existing.versions.slice(0, existing.versionCount),
        live: existing.live,
        metadata: existing.record.metadata,
      },
      restored,
    );
    if (decision.kind === 'done') return decision.outcome;
    if (pendingHistory.has(restored.id)) {
      return {
        status: 'refused',
        code: 'conflict',
        reason: `memory "${restored.id}" appears twice in one batch with different histories`,
      };
    }
    const kept = decision.kept;
    const last = versions.at(-1) as MemoryVersion;
    const live = last.change !== 'deleted';
    const newHolder = dedupeKey(key, last.layer, last.text);
    if (live) {
      const holder = holderOf(newHolder);
      if (holder !== undefined && holder !== restored.id) {
        return {
          status: 'refused',
          code: 'duplicate',
          reason: `memory "${holder}" already holds this text in this scope and layer`,
        };
      }
    }
    const memory = restoredState(restored, key, existing, input.nextSequence);
    if (existing?.live) {
      pendingHolders.set(dedupeKey(key, existing.record.layer, existing.record.text), undefined);
    }
    if (live) pendingHolders.set(newHolder, restored.id);
    pending.set(restored.id, memory);
    pendingHistory.set(restored.id, versions);
    const added = versions.slice(kept);
    const vector = live ? input.vectors?.get(last.text) : undefined;
    writes.push(() => tenant.commitRestored(memory, added, vector));
    return { status: 'imported' };
  });

  const pendingTurns = new Set<string>();
  const turns = batch.turns.map((turn): RestoreOutcome => {
    const key = scopePathPrefix(turn.scope);
    const id = `${key}\u0000${turn.turnId}`;
    if (pendingTurns.has(id)) return { status: 'present' };
    const outcome = tenant.turns.get(key)?.restoreOutcome(turn) ?? { status: 'imported' };
    if (outcome.status !== 'imported') return outcome;
    pendingTurns.add(id);
    writes.push(() => {
      let log = tenant.turns.get(key);
      if (!log) {
        log = new TurnLog(turn.scope);
        tenant.turns.set(key, log);
      }
      log.restore(turn);
    });
    return outcome;
  });

  return {
    memories,
    turns,
    commit: () => {
      for (const write of writes) write();
    },
  };
}

/** The state a restored memory ends in: its last version's, created at its first version's time. */
function restoredState(
  restored: RestoredMemory,
  key: string,
  existing: StoredMemory | undefined,
  nextSequence: () => number,
): StoredMemory {
  const versions = restored.versions;
  const first = versions[0] as MemoryVersion;
  const last = versions.at(-1) as MemoryVersion;
  const final = last.change === 'deleted' ? (versions.at(-2) ?? first) : last;
  const record: MemoryRecord = {
    id: restored.id,
    scope: { tenant: restored.scope.tenant, path: [...restored.scope.path] },
    layer: final.layer,
    text: final.text,
    salience: final.salience,
    provenance: Object.freeze({ ...final.provenance }),
    createdAt: new Date(first.at.getTime()),
    updatedAt: new Date(final.at.getTime()),
  };
  if (final.context !== undefined) record.context = final.context;
  if (restored.metadata !== undefined)
    record.metadata = JSON.parse(JSON.stringify(restored.metadata));
  Object.freeze(record.scope.path);
  Object.freeze(record.scope);
  return Object.freeze({
    record: Object.freeze(record),
    key,
    sequence: existing?.sequence ?? nextSequence(),
    live: last.change !== 'deleted',
    versions: existing?.versions ?? [],
    versionCount: versions.length,
  });
}
