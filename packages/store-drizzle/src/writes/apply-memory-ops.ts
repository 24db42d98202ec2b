import { randomUUID } from 'node:crypto';
import {
  type AppliedOp,
  type MemoryOp,
  type MemoryScope,
  type Provenance,
  type RejectedOp,
  RejectionCode,
} from '@symfonic/core';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { type MemoryRow, memoryColumns } from '../rows/memory-columns.js';
import { memoryRecordOf } from '../rows/memory-record-of.js';
import { memories } from '../schema/memories.js';
import { memoryEmbeddings } from '../schema/memory-embeddings.js';
import { memoryVersions } from '../schema/memory-versions.js';
import { requirePlacedAt } from '../scope/require-placed-at.js';
import { type ScopePlacement, scopePlacement } from '../scope/scope-placement.js';
import { visibleTo } from '../scope/visible-to.js';
import type { VectorIndex } from '../vectors/vector-index.js';
import { ApplyConflict } from './apply-conflict.js';
import { memoryTextHash } from './memory-text-hash.js';

/** One op that passed validation, with its position in the request. */
export interface AcceptedOp {
  readonly index: number;
  readonly op: MemoryOp;
}

/** What an apply writes with, besides the ops. */
export interface ApplyContext {
  readonly scope: MemoryScope;
  readonly provenance: Provenance;
  /** The time every row of this apply is stamped with. */
  readonly now: Date;
  /** The vectors of the add and update texts, by text, when the store ranks by vectors. */
  readonly vectors?: {
    readonly index: VectorIndex;
    readonly byText: ReadonlyMap<string, Float32Array>;
  };
}

/** What the accepted ops did: each is in exactly one list. */
export interface ApplyOutcome {
  readonly applied: AppliedOp[];
  readonly rejected: RejectedOp[];
}

/** A memory row with the placement columns it was written with (the keys, never recomputed from its path). */
type PlacedRow = MemoryRow & { readonly scopeKey: string; readonly ancestorKeys: string[] };

/** {@link memoryColumns} and the placement columns. */
const placedColumns = {
  ...memoryColumns,
  scopeKey: memories.scopeKey,
  ancestorKeys: memories.ancestorKeys,
};

/** The placement a stored row was written with. */
function placementOf(row: PlacedRow): ScopePlacement {
  return { tenant: row.tenant, scopeKey: row.scopeKey, ancestorKeys: row.ancestorKeys };
}

type AddOp = Extract<MemoryOp, { op: 'add' }>;
type UpdateOp = Extract<MemoryOp, { op: 'update' }>;
type DeleteOp = Extract<MemoryOp, { op: 'delete' }>;

function duplicateOf(index: number, existingId: string): RejectedOp {
  return {
    index,
    code: RejectionCode.duplicate,
    reason: 'a memory with the same normalised text already exists in this scope and layer',
    existingId,
  };
}

function unknownId(index: number): RejectedOp {
  return {
    index,
    code: RejectionCode.unknownId,
    reason: 'no memory with this id is visible to the scope',
  };
}

/**
 * Write `accepted` in order, inside `transaction` (the caller's, so the whole
 * apply commits or rolls back as one).
 *
 * Consecutive adds are written as one multi-row `insert … on conflict do
 * nothing` against the unique index `memories_dedup`: an add whose
 * normalised text already lives in the scope and layer (written before, by a
 * concurrent apply that committed first, or earlier in this batch) is
 * rejected as `duplicate`, naming the memory that holds the text. Updates and
 * deletes lock and change one visible row each; an id not visible to the
 * scope is `unknown-id`, exactly like an id never issued. Every change adds a
 * version to `memory_versions` (a delete adds a tombstone) and keeps the
 * memory's vector and `vector_models` in step; an update that changes the
 * text also removes the vectors of other models, which describe the old text.
 * Versions and vectors are placed where their memory was written (the
 * caller's scope for an add, the memory's stored keys otherwise), never at a
 * scope computed from what the database answered; a row whose answered scope
 * differs from its placement fails the apply.
 *
 * @throws ScopeViolation when the database answers a row at a scope other
 * than the one it was written at; the transaction rolls back.
 * @throws ApplyConflict when a concurrent writer removed the memory an add
 * collided with; the caller retries the whole apply.
 * @throws whatever the driver throws (a unique violation from an update
 * racing an add included); the caller translates it.
 */
export async function applyMemoryOps(
  transaction: StoreDatabase,
  accepted: readonly AcceptedOp[],
  context: ApplyContext,
): Promise<ApplyOutcome> {
  const outcome: ApplyOutcome = { applied: [], rejected: [] };
  let position = 0;
  while (position < accepted.length) {
    const entry = accepted[position] as AcceptedOp;
    if (entry.op.op === 'add') {
      const run: { index: number; op: AddOp }[] = [];
      while (position < accepted.length && accepted[position]?.op.op === 'add') {
        const next = accepted[position] as { index: number; op: AddOp };
        run.push(next);
        position += 1;
      }
      await addMemories(transaction, run, context, outcome);
      continue;
    }
    if (entry.op.op === 'update')
      await updateMemory(transaction, entry.index, entry.op, context, outcome);
    else await deleteMemory(transaction, entry.index, entry.op, context, outcome);
    position += 1;
  }
  return outcome;
}

/**
 * The version row of `row`, placed at `placement`: where the memory was
 * written (the caller's scope for an add, the stored keys for an update or
 * delete), never a placement computed from the scope the database answered.
 */
function versionOf(
  row: MemoryRow,
  placement: ScopePlacement,
  change: 'created' | 'updated' | 'deleted',
  version: number,
  context: ApplyContext,
): typeof memoryVersions.$inferInsert {
  return {
    memoryId: row.id,
    version,
    ...placement,
    path: row.path,
    change,
    layer: row.layer,
    text: row.text,
    context: row.context,
    salience: row.salience,
    writer: context.provenance.writer,
    turnId: context.provenance.turnId ?? null,
    replyFamily: context.provenance.replyFamily ?? null,
    at: context.now,
  };
}

async function writeVectors(
  transaction: StoreDatabase,
  written: readonly { index: number; row: MemoryRow; placement: ScopePlacement }[],
  context: ApplyContext,
): Promise<void> {
  const vectors = context.vectors;
  if (!vectors || written.length === 0) return;
  const values = written.map(({ index, row, placement }) => {
    const vector = vectors.byText.get(row.text);
    if (!vector) throw new TypeError(`no vector was computed for op ${index}`);
    return {
      memoryId: row.id,
      model: vectors.index.model,
      dimensions: vectors.index.dimensions,
      ...placement,
      layer: row.layer,
      embedding: Array.from(vector),
    };
  });
  await transaction
    .insert(memoryEmbeddings)
    .values(values)
    .onConflictDoUpdate({
      target: [memoryEmbeddings.memoryId, memoryEmbeddings.model, memoryEmbeddings.tenant],
      set: {
        dimensions: sql`excluded.dimensions`,
        embedding: sql`excluded.embedding`,
      },
    });
}

/**
 * Remove the vectors of `memory` that this apply does not rewrite: after
 * its text changed, a vector of another model (written by a store with
 * another embedder) describes the old text. The update empties the memory's
 * `vector_models` but for this apply's model, so the memory counts as
 * missing the others, which retrievals with them report
 * (`vectors-incomplete`) and `embedMissing` fills in.
 */
async function dropStaleVectors(
  transaction: StoreDatabase,
  memory: Pick<MemoryRow, 'id' | 'tenant'>,
  context: ApplyContext,
): Promise<void> {
  const rewritten = context.vectors?.index.model;
  await transaction
    .delete(memoryEmbeddings)
    .where(
      and(
        eq(memoryEmbeddings.tenant, memory.tenant),
        eq(memoryEmbeddings.memoryId, memory.id),
        rewritten === undefined ? undefined : ne(memoryEmbeddings.model, rewritten),
      ),
    );
}

async function addMemories(
  transaction: StoreDatabase,
  run: readonly { index: number; op: AddOp }[],
  context: ApplyContext,
  outcome: ApplyOutcome,
): Promise<void> {
  const placement = scopePlacement(context.scope);
  const firstOfKey = new Map<string, { index: number; id: string }>();
  const laterOfKey: { index: number; key: string }[] = [];
  const rows: (typeof memories.$inferInsert)[] = [];
  const indexOfId = new Map<string, number>();
  for (const { index, op } of run) {
    const textHash = memoryTextHash(op.text);
    const key = `${op.layer}\u0000${textHash}`;
    if (firstOfKey.has(key)) {
      laterOfKey.push({ index, key });
      continue;
    }
    const id = randomUUID();
    firstOfKey.set(key, { index, id });
    indexOfId.set(id, index);
    rows.push({
      id,
      ...placement,
      path: [...context.scope.path],
      layer: op.layer,
      text: op.text,
      context: op.context ?? null,
      textHash,
      salience: op.salience,
      metadata: op.metadata ?? null,
      writer: context.provenance.writer,
      turnId: context.provenance.turnId ?? null,
      replyFamily: context.provenance.replyFamily ?? null,
      version: 1,
      createdAt: context.now,
      updatedAt: context.now,
      vectorModels: context.vectors ? [context.vectors.index.key] : [],
    });
  }
  // One statement: an apply carries at most Limits.opsPerApply ops, far under
  // PostgreSQL's 65 535 parameters per statement.
  const inserted: MemoryRow[] = await transaction
    .insert(memories)
    .values(rows)
    .onConflictDoNothing({
      target: [memories.tenant, memories.scopeKey, memories.layer, memories.textHash],
    })
    .returning(memoryColumns);
  const insertedIds = new Set(inserted.map((row) => row.id));
  const holderOfKey = new Map<string, string>();
  for (const [key, first] of firstOfKey) {
    if (insertedIds.has(first.id)) holderOfKey.set(key, first.id);
  }
  const collided = rows.filter((row) => !insertedIds.has(row.id as string));
  if (collided.length > 0) {
    const holders = await transaction
      .select({ id: memories.id, layer: memories.layer, textHash: memories.textHash })
      .from(memories)
      .where(
        and(
          eq(memories.tenant, placement.tenant),
          eq(memories.scopeKey, placement.scopeKey),
          inArray(
            memories.textHash,
            collided.map((row) => row.textHash),
          ),
        ),
      );
    for (const holder of holders)
      holderOfKey.set(`${holder.layer}\u0000${holder.textHash}`, holder.id);
    for (const row of collided) {
      const holder = holderOfKey.get(`${row.layer}\u0000${row.textHash}`);
      if (holder === undefined) throw new ApplyConflict();
      outcome.rejected.push(duplicateOf(indexOfId.get(row.id as string) as number, holder));
    }
  }
  for (const later of laterOfKey) {
    const holder = holderOfKey.get(later.key);
    if (holder === undefined) throw new ApplyConflict();
    outcome.rejected.push(duplicateOf(later.index, holder));
  }
  if (inserted.length === 0) return;
  for (const row of inserted) requirePlacedAt(row, placement, context.scope);
  const written = inserted.map((row) => ({
    index: indexOfId.get(row.id) as number,
    row,
    placement,
  }));
  await transaction
    .insert(memoryVersions)
    .values(written.map(({ row }) => versionOf(row, placement, 'created', 1, context)));
  await writeVectors(transaction, written, context);
  for (const { index, row } of written) {
    outcome.applied.push({ index, op: 'add', record: memoryRecordOf(row) });
  }
}

async function updateMemory(
  transaction: StoreDatabase,
  index: number,
  op: UpdateOp,
  context: ApplyContext,
  outcome: ApplyOutcome,
): Promise<void> {
  const visible = and(eq(memories.id, op.id), visibleTo(memories, context.scope));
  const [current] = await transaction
    .select({ ...placedColumns, textHash: memories.textHash })
    .from(memories)
    .where(visible)
    .for('update');
  if (!current) {
    outcome.rejected.push(unknownId(index));
    return;
  }
  const placement = placementOf(current);
  requirePlacedAt(current, placement, context.scope);
  const textHash = memoryTextHash(op.text);
  if (textHash !== current.textHash) {
    const [holder] = await transaction
      .select({ id: memories.id })
      .from(memories)
      .where(
        and(
          eq(memories.tenant, current.tenant),
          eq(memories.scopeKey, current.scopeKey),
          eq(memories.layer, current.layer),
          eq(memories.textHash, textHash),
          ne(memories.id, current.id),
        ),
      );
    if (holder) {
      outcome.rejected.push(duplicateOf(index, holder.id));
      return;
    }
  }
  const textChanged = op.text !== current.text;
  const vectorIndex = context.vectors?.index;
  const [updated] = await transaction
    .update(memories)
    .set({
      text: op.text,
      textHash,
      // Left out, the context is kept; null removes it.
      ...(op.context === undefined ? {} : { context: op.context }),
      // A changed text keeps only this apply's vector; an unchanged one gains it.
      ...(textChanged
        ? { vectorModels: vectorIndex ? [vectorIndex.key] : [] }
        : vectorIndex
          ? {
              vectorModels: sql`case when ${vectorIndex.unembedded} then array_append(${memories.vectorModels}, ${vectorIndex.key}::text) else ${memories.vectorModels} end`,
            }
          : {}),
      salience: op.salience ?? current.salience,
      writer: context.provenance.writer,
      turnId: context.provenance.turnId ?? null,
      replyFamily: context.provenance.replyFamily ?? null,
      version: current.version + 1,
      updatedAt: context.now,
    })
    .where(visible)
    .returning(memoryColumns);
  if (!updated) throw new ApplyConflict();
  requirePlacedAt(updated, placement, context.scope);
  await transaction
    .insert(memoryVersions)
    .values(versionOf(updated, placement, 'updated', updated.version, context));
  if (textChanged) await dropStaleVectors(transaction, current, context);
  await writeVectors(transaction, [{ index, row: updated, placement }], context);
  outcome.applied.push({ index, op: 'update', record: memoryRecordOf(updated) });
}

async function deleteMemory(
  transaction: StoreDatabase,
  index: number,
  op: DeleteOp,
  context: ApplyContext,
  outcome: ApplyOutcome,
): Promise<void> {
  const [deleted] = await transaction
    .delete(memories)
    .where(and(eq(memories.id, op.id), visibleTo(memories, context.scope)))
    .returning(placedColumns);
  if (!deleted) {
    outcome.rejected.push(unknownId(index));
    return;
  }
  const placement = placementOf(deleted);
  requirePlacedAt(deleted, placement, context.scope);
  await transaction
    .insert(memoryVersions)
    .values(versionOf(deleted, placement, 'deleted', deleted.version + 1, context));
  outcome.applied.push({ index, op: 'delete', record: memoryRecordOf(deleted) });
}
