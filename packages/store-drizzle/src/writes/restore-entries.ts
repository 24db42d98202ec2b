import {
  decideRestore,
  decideTurnRestore,
  type LoggedTurn,
  type MemoryScope,
  type MemoryVersion,
  type RestoredMemory,
  type RestoreOutcome,
  type RestoreResult,
} from '@symfonic/core';
import { type AnyColumn, and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { memoryVersionOf } from '../rows/memory-version-of.js';
import { memories } from '../schema/memories.js';
import { memoryEmbeddings } from '../schema/memory-embeddings.js';
import { memoryVersions } from '../schema/memory-versions.js';
import { turns } from '../schema/turns.js';
import type { ScopePlacement } from '../scope/scope-placement.js';
import type { VectorIndex } from '../vectors/vector-index.js';
import { type BatchScope, BatchScopes } from './batch-scopes.js';
import { insertJsonRows, type JsonColumn } from './insert-json-rows.js';
import { memoryTextHash } from './memory-text-hash.js';
import { updateJsonRows } from './update-json-rows.js';

/** {@link memoryTextHash} of each text once per batch: a restore asks for most of them three times. */
function textHashes(): (text: string) => string {
  const known = new Map<string, string>();
  return (text) => {
    let hash = known.get(text);
    if (hash === undefined) {
      hash = memoryTextHash(text);
      known.set(text, hash);
    }
    return hash;
  };
}

import { unstorableText } from './unstorable-text.js';

/** Rows per insert statement: a JSON document of a megabyte or two. */
const rowsPerInsert = 2_000;

/**
 * `column = any($1::text[])`: one parameter for the whole list, where
 * `inArray` takes one per value and costs more to build than to run.
 */
function anyOf(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param(values)}::text[])`;
}

const column = (name: string, key: string, type: string): JsonColumn => ({
  column: name,
  key,
  type,
});

/**
 * The columns of `memory_versions` a restore writes, as its version rows
 * name them, besides those placing it at its scope (sent once per scope, see
 * `BatchScopes`).
 */
const versionColumns = [
  column('memory_id', 'memoryId', 'text'),
  column('version', 'version', 'integer'),
  column('change', 'change', 'text'),
  column('layer', 'layer', 'text'),
  column('text', 'text', 'text'),
  column('context', 'context', 'text'),
  column('salience', 'salience', 'double precision'),
  column('writer', 'writer', 'text'),
  column('turn_id', 'turnId', 'text'),
  column('reply_family', 'replyFamily', 'text'),
  column('at', 'at', 'timestamptz'),
];

/** The columns of `memories` a restore updates, as {@link memoryFields} and the placement name them. */
const memoryColumnsInJson = [
  column('id', 'id', 'text'),
  column('tenant', 'tenant', 'text'),
  column('scope_key', 'scopeKey', 'text'),
  column('ancestor_keys', 'ancestorKeys', 'text[]'),
  column('path', 'path', 'text[]'),
  column('layer', 'layer', 'text'),
  column('text', 'text', 'text'),
  column('context', 'context', 'text'),
  column('text_hash', 'textHash', 'text'),
  column('salience', 'salience', 'double precision'),
  column('metadata', 'metadata', 'jsonb'),
  column('writer', 'writer', 'text'),
  column('turn_id', 'turnId', 'text'),
  column('reply_family', 'replyFamily', 'text'),
  column('version', 'version', 'integer'),
  column('created_at', 'createdAt', 'timestamptz'),
  column('updated_at', 'updatedAt', 'timestamptz'),
  column('vector_models', 'vectorModels', 'text[]'),
];

/** The columns of `memories` a restore inserts, besides those placing it at its scope. */
const memoryInsertColumns = memoryColumnsInJson.filter(
  ({ column }) => !['tenant', 'scope_key', 'ancestor_keys', 'path'].includes(column),
);

/** The columns of `memory_embeddings` a restore writes. */
const embeddingColumns = [
  column('memory_id', 'memoryId', 'text'),
  column('model', 'model', 'text'),
  column('dimensions', 'dimensions', 'integer'),
  column('tenant', 'tenant', 'text'),
  column('scope_key', 'scopeKey', 'text'),
  column('ancestor_keys', 'ancestorKeys', 'text[]'),
  column('layer', 'layer', 'text'),
  column('embedding', 'embedding', 'real[]'),
];

/** The columns of `turns` a restore writes, besides those placing it at its scope. */
const turnColumns = [
  column('turn_id', 'turnId', 'text'),
  column('speaker', 'speaker', 'text'),
  column('text', 'text', 'text'),
  column('turn', 'turn', 'integer'),
  column('logged_at', 'loggedAt', 'timestamptz'),
];

/** What a restore writes with, besides the entries. */
export interface RestoreContext {
  /** The vectors of the live texts, by text, when the store ranks by vectors. */
  readonly vectors?: {
    readonly index: VectorIndex;
    readonly byText: ReadonlyMap<string, Float32Array>;
  };
}

/** What {@link restoreEntries} did: the outcomes, and how many memory rows it changed. */
export interface RestoreWrite extends RestoreResult {
  readonly changedMemories: number;
}

/** What the database (or an earlier entry of the batch) holds under a memory id. */
interface Held {
  readonly tenant: string;
  readonly scopeKey: string;
  readonly versions: readonly MemoryVersion[];
  readonly live: boolean;
  readonly metadata?: unknown;
}

/** A restored memory decided `write`, with what it needs to be written. */
interface MemoryWrite {
  readonly restored: RestoredMemory;
  readonly placement: ScopePlacement;
  /** The scope's index among the batch's scopes (`BatchScopes`). */
  readonly shared: number;
  /** Versions already held (the start of the restored history). */
  readonly kept: number;
  /** Whether a live `memories` row exists for it before this write. */
  readonly heldLive: boolean;
  /** The last version. */
  readonly last: MemoryVersion;
  /** The version the record stands as: the last, or the one before a deletion. */
  readonly final: MemoryVersion;
}

const refused = (code: 'duplicate' | 'unstorable', reason: string): RestoreOutcome => ({
  status: 'refused',
  code,
  reason,
});

/** The key of the one live memory a scope and layer may hold per normalised text. */
function holderKey(
  placement: ScopePlacement,
  version: MemoryVersion,
  hashOf: (text: string) => string,
): string {
  return `${placement.scopeKey}\u0000${version.layer}\u0000${hashOf(version.text)}`;
}

/**
 * Write a restore batch (checked by core's `readRestoreBatch`, every entry
 * in one tenant) inside `transaction`, the caller's, so it lands whole or not
 * at all. Memories are decided by core's `decideRestore` against what the
 * database holds under their ids (in any tenant: ids are unique store-wide);
 * a live one is refused as `duplicate` when another live memory holds its
 * text at its scope and layer, and one PostgreSQL cannot keep exactly as
 * `unstorable`. Turns are `present`, refused (another turn under the id at
 * the scope) or written with their number and time. New memories are
 * inserted in the batch's order, so `list` keeps it.
 *
 * @throws whatever the driver throws (a unique violation from a concurrent
 * writer included); the caller retries or translates it.
 */
export async function restoreEntries(
  transaction: StoreDatabase,
  batch: { readonly memories: readonly RestoredMemory[]; readonly turns: readonly LoggedTurn[] },
  context: RestoreContext,
): Promise<RestoreWrite> {
  const held = await heldMemories(transaction, batch.memories);
  const hashOf = textHashes();
  const scopes = new BatchScopes();
  const placeOf = (scope: MemoryScope) => scopes.of(scope).placement;
  const holders = await liveHolders(transaction, batch.memories, hashOf, placeOf);
  const pendingHolders = new Map<string, string | undefined>();
  const holderOf = (key: string) =>
    pendingHolders.has(key) ? pendingHolders.get(key) : holders.get(key);
  const writes: MemoryWrite[] = [];
  const written = new Set<string>();

  const memoryOutcomes = batch.memories.map((restored): RestoreOutcome => {
    const problem = unstorableText({
      versions: restored.versions.map(({ at: _at, ...version }) => version),
      metadata: restored.metadata,
    });
    if (problem) return refused('unstorable', `PostgreSQL cannot keep it exactly: it ${problem}`);
    const { placement, index: shared } = scopes.of(restored.scope);
    const before = held.get(restored.id);
    const decision = decideRestore(
      before && {
        sameScope: before.tenant === placement.tenant && before.scopeKey === placement.scopeKey,
        versions: before.versions,
        live: before.live,
        metadata: before.metadata,
      },
      restored,
    );
    if (decision.kind === 'done') return decision.outcome;
    if (written.has(restored.id)) {
      return {
        status: 'refused',
        code: 'conflict',
        reason: `memory "${restored.id}" appears twice in one batch with different histories`,
      };
    }
    written.add(restored.id);
    const versions = restored.versions as readonly MemoryVersion[];
    const last = versions.at(-1) as MemoryVersion;
    const final = last.change === 'deleted' ? (versions.at(-2) ?? last) : last;
    const live = last.change !== 'deleted';
    if (live) {
      const holder = holderOf(holderKey(placement, final, hashOf));
      if (holder !== undefined && holder !== restored.id) {
        return refused(
          'duplicate',
          `memory "${holder}" already holds this text in this scope and layer`,
        );
      }
    }
    if (before?.live)
      pendingHolders.set(
        holderKey(placement, before.versions.at(-1) as MemoryVersion, hashOf),
        undefined,
      );
    if (live) pendingHolders.set(holderKey(placement, final, hashOf), restored.id);
    held.set(restored.id, {
      tenant: placement.tenant,
      scopeKey: placement.scopeKey,
      versions,
      live,
      ...(restored.metadata === undefined ? {} : { metadata: restored.metadata }),
    });
    writes.push({
      restored,
      placement,
      shared,
      kept: decision.kept,
      heldLive: before?.live ?? false,
      last,
      final,
    });
    return { status: 'imported' };
  });

  await writeMemories(transaction, writes, context, hashOf, scopes);
  const turnOutcomes = await restoreTurns(transaction, batch.turns, scopes);
  return { memories: memoryOutcomes, turns: turnOutcomes, changedMemories: writes.length };
}

/**
 * What the database holds under the ids of `restored`: in the batch's
 * tenant, the versions and whether a live row is there; in any other tenant,
 * only that the id is taken (ids are unique store-wide, so such an id is a
 * conflict, and nothing else of that tenant is read).
 */
async function heldMemories(
  transaction: StoreDatabase,
  restored: readonly RestoredMemory[],
): Promise<Map<string, Held>> {
  const held = new Map<string, Held>();
  const ids = [...new Set(restored.map((memory) => memory.id))];
  const tenant = restored[0]?.scope.tenant;
  if (tenant === undefined) return held;
  // The versions, each with its memory's live row when there is one: one round trip.
  const joined = await transaction
    .select({ row: memoryVersions, live: memories.id, metadata: memories.metadata })
    .from(memoryVersions)
    .leftJoin(memories, and(eq(memories.tenant, tenant), eq(memories.id, memoryVersions.memoryId)))
    .where(and(eq(memoryVersions.tenant, tenant), anyOf(memoryVersions.memoryId, ids)))
    .orderBy(memoryVersions.memoryId, memoryVersions.version);
  const versionsOf = new Map<string, MemoryVersion[]>();
  for (const { row, live, metadata } of joined) {
    let versions = versionsOf.get(row.memoryId);
    if (!versions) {
      versions = [];
      versionsOf.set(row.memoryId, versions);
      held.set(row.memoryId, {
        tenant: row.tenant,
        scopeKey: row.scopeKey,
        versions,
        live: live !== null,
        ...(metadata == null ? {} : { metadata }),
      });
    }
    versions.push(memoryVersionOf(row));
  }
  const unheld = ids.filter((id) => !held.has(id));
  if (unheld.length === 0) return held;
  const taken = await transaction
    .selectDistinct({ id: memoryVersions.memoryId })
    .from(memoryVersions)
    .where(and(ne(memoryVersions.tenant, tenant), anyOf(memoryVersions.memoryId, unheld)));
  for (const { id } of taken) {
    held.set(id, { tenant: '', scopeKey: '', versions: [], live: false });
  }
  return held;
}

/** The live memories holding the texts of `restored` at their scopes and layers, by {@link holderKey}. */
async function liveHolders(
  transaction: StoreDatabase,
  restored: readonly RestoredMemory[],
  hashOf: (text: string) => string,
  placeOf: (scope: MemoryScope) => ScopePlacement,
): Promise<Map<string, string>> {
  const holders = new Map<string, string>();
  const first = restored[0];
  if (first === undefined) return holders;
  const hashes = new Set<string>();
  const keys = new Set<string>();
  const layers = new Set<string>();
  for (const memory of restored) {
    const last = memory.versions.at(-1);
    if (!last || last.change === 'deleted') continue;
    hashes.add(hashOf(last.text));
    keys.add(placeOf(memory.scope).scopeKey);
    layers.add(last.layer);
  }
  if (hashes.size === 0) return holders;
  const rows = await transaction
    .select({
      id: memories.id,
      scopeKey: memories.scopeKey,
      layer: memories.layer,
      textHash: memories.textHash,
    })
    .from(memories)
    .where(
      and(
        eq(memories.tenant, first.scope.tenant),
        anyOf(memories.scopeKey, [...keys]),
        // Every column of the dedup index: each (scope, layer, text) is one probe, where
        // leaving the layer out walks the scope's whole range once per text.
        anyOf(memories.layer, [...layers]),
        anyOf(memories.textHash, [...hashes]),
      ),
    );
  for (const row of rows)
    holders.set(`${row.scopeKey}\u0000${row.layer}\u0000${row.textHash}`, row.id);
  return holders;
}

/** Insert versions, then the memories rows (in batch order), then their vectors. */
async function writeMemories(
  transaction: StoreDatabase,
  writes: readonly MemoryWrite[],
  context: RestoreContext,
  hashOf: (text: string) => string,
  scopes: BatchScopes,
): Promise<void> {
  if (writes.length === 0) return;
  const versionRows = writes.flatMap(({ restored, shared, kept }) =>
    restored.versions.slice(kept).map((version) => ({
      memoryId: restored.id,
      version: version.version,
      shared,
      change: version.change,
      layer: version.layer,
      text: version.text,
      context: version.context ?? null,
      salience: version.salience,
      writer: version.provenance.writer,
      turnId: version.provenance.turnId ?? null,
      replyFamily: version.provenance.replyFamily ?? null,
      at: version.at,
    })),
  );
  for (let start = 0; start < versionRows.length; start += rowsPerInsert) {
    await insertJsonRows(
      transaction,
      sql`${memoryVersions}`,
      versionColumns,
      versionRows.slice(start, start + rowsPerInsert),
      scopes.shared(),
    );
  }
  const vectors = context.vectors;
  const deleted = writes.filter((write) => write.heldLive && write.last.change === 'deleted');
  if (deleted.length > 0) {
    const ids = deleted.map((write) => write.restored.id);
    await transaction
      .delete(memories)
      .where(and(eq(memories.tenant, tenantOf(writes)), anyOf(memories.id, ids)));
  }
  const live = writes.filter((write) => write.last.change !== 'deleted');
  const inserted = live
    .filter((write) => !write.heldLive)
    .map((write) => ({ ...memoryFields(write, vectors, hashOf), shared: write.shared }));
  for (let start = 0; start < inserted.length; start += rowsPerInsert) {
    await insertJsonRows(
      transaction,
      sql`${memories}`,
      memoryInsertColumns,
      inserted.slice(start, start + rowsPerInsert),
      scopes.shared(),
    );
  }
  // A held live memory that gained versions keeps its row, and so its place in `list`.
  const updated = live
    .filter((write) => write.heldLive)
    .map((write) => ({
      ...memoryFields(write, vectors, hashOf),
      ...write.placement,
      path: [...write.restored.scope.path],
    }));
  const tenant = tenantOf(writes);
  for (let start = 0; start < updated.length; start += rowsPerInsert) {
    const rows = updated.slice(start, start + rowsPerInsert);
    await updateJsonRows(
      transaction,
      memories,
      { tenant: memories.tenant, id: memories.id },
      memoryColumnsInJson,
      rows,
      tenant,
    );
    await transaction.delete(memoryEmbeddings).where(
      and(
        eq(memoryEmbeddings.tenant, tenant),
        anyOf(
          memoryEmbeddings.memoryId,
          rows.map((row) => row.id),
        ),
      ),
    );
  }
  if (!vectors) return;
  const embeddingRows = live.flatMap(({ restored, placement, final }) => {
    const vector = vectors.byText.get(final.text);
    return vector
      ? [
          {
            memoryId: restored.id,
            model: vectors.index.model,
            dimensions: vectors.index.dimensions,
            tenant: placement.tenant,
            scopeKey: placement.scopeKey,
            ancestorKeys: placement.ancestorKeys,
            layer: final.layer,
            embedding: Array.from(vector),
          },
        ]
      : [];
  });
  for (let start = 0; start < embeddingRows.length; start += rowsPerInsert) {
    await insertJsonRows(
      transaction,
      sql`${memoryEmbeddings}`,
      embeddingColumns,
      embeddingRows.slice(start, start + rowsPerInsert),
    );
  }
}

/** The one tenant of a batch's writes (a restore batch never spans two). */
function tenantOf(writes: readonly MemoryWrite[]): string {
  return (writes[0] as MemoryWrite).placement.tenant;
}

/**
 * The `memories` columns of a restored live memory but those placing it at
 * its scope: its final version, created at its first.
 */
function memoryFields(
  { restored, final, last }: MemoryWrite,
  vectors: RestoreContext['vectors'],
  hashOf: (text: string) => string,
) {
  return {
    id: restored.id,
    layer: final.layer as 'episodic' | 'semantic',
    text: final.text,
    context: final.context ?? null,
    textHash: hashOf(final.text),
    salience: final.salience,
    metadata: (restored.metadata ?? null) as Record<string, unknown> | null,
    writer: final.provenance.writer,
    turnId: final.provenance.turnId ?? null,
    replyFamily: final.provenance.replyFamily ?? null,
    version: last.version,
    createdAt: (restored.versions[0] as MemoryVersion).at,
    updatedAt: final.at,
    vectorModels: vectors?.byText.has(final.text) ? [vectors.index.key] : [],
  };
}

/** Decide and write the turns: each one new at its scope is logged with its number and time. */
async function restoreTurns(
  transaction: StoreDatabase,
  batch: readonly LoggedTurn[],
  scopes: BatchScopes,
): Promise<RestoreOutcome[]> {
  const first = batch[0];
  if (first === undefined) return [];
  const placed = batch.map((turn) => scopes.of(turn.scope));
  const rows = await transaction
    .select({
      scopeKey: turns.scopeKey,
      turnId: turns.turnId,
      speaker: turns.speaker,
      text: turns.text,
      turn: turns.turn,
      at: turns.loggedAt,
    })
    .from(turns)
    .where(
      and(
        eq(turns.tenant, first.scope.tenant),
        anyOf(turns.scopeKey, [...new Set(placed.map(({ placement }) => placement.scopeKey))]),
        anyOf(turns.turnId, [...new Set(batch.map((turn) => turn.turnId))]),
      ),
    );
  const logged = new Map(rows.map((row) => [`${row.scopeKey}\u0000${row.turnId}`, row]));
  const inserts: object[] = [];
  const outcomes = batch.map((turn, index): RestoreOutcome => {
    const { placement, index: shared } = placed[index] as BatchScope;
    const key = `${placement.scopeKey}\u0000${turn.turnId}`;
    const problem = unstorableText({ turnId: turn.turnId, speaker: turn.speaker, text: turn.text });
    if (problem) return refused('unstorable', `PostgreSQL cannot keep it exactly: it ${problem}`);
    const decision = decideTurnRestore(logged.get(key), turn);
    if (decision.status !== 'imported') return decision;
    logged.set(key, { scopeKey: placement.scopeKey, ...turn });
    inserts.push({
      shared,
      turnId: turn.turnId,
      speaker: turn.speaker,
      text: turn.text,
      turn: turn.turn,
      loggedAt: turn.at,
    });
    return { status: 'imported' };
  });
  for (let start = 0; start < inserts.length; start += rowsPerInsert) {
    await insertJsonRows(
      transaction,
      sql`${turns}`,
      turnColumns,
      inserts.slice(start, start + rowsPerInsert),
      scopes.shared(),
    );
  }
  return outcomes;
}
