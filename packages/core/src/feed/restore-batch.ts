import { z } from 'zod';
import { Limits } from '../limits.js';
import { memoryIdSchema } from '../memory-id.js';
import { storedLayerSchema } from '../memory-layer.js';
import {
  memoryContextSchema,
  memoryTextSchema,
  metadataSchema,
  salienceSchema,
} from '../memory-record.js';
import { memoryScopeSchema } from '../memory-scope.js';
import { provenanceSchema } from '../provenance.js';
import { loggedTurnSchema } from './logged-turn.js';

/** One version of a memory as a restore writes it back (a `MemoryVersion`). */
export const restoredVersionSchema = z
  .object({
    memoryId: memoryIdSchema,
    version: z.number().int().min(1),
    change: z.enum(['created', 'updated', 'deleted']),
    layer: storedLayerSchema,
    text: memoryTextSchema,
    context: memoryContextSchema.optional(),
    salience: salienceSchema,
    provenance: provenanceSchema,
    at: z.date(),
  })
  .strict();

/**
 * One memory with its whole history, as a restore writes it back: its id,
 * its scope, its metadata (live memories only: a deleted memory keeps none)
 * and every version, numbered 1, 2, … in order, the first `created`, the
 * others `updated`, and `deleted` only as the last, with times that never go
 * backwards. The restored record's `createdAt` is the first version's time
 * and its `updatedAt` the last one's, as a store's own writes set them.
 */
export const restoredMemorySchema = z
  .object({
    id: memoryIdSchema,
    scope: memoryScopeSchema,
    metadata: metadataSchema.optional(),
    versions: z.array(restoredVersionSchema).min(1).max(Limits.restoreBatch),
  })
  .strict()
  .superRefine((memory, context) => {
    const problem = restoredHistoryProblem(memory);
    if (problem !== undefined)
      context.addIssue({ code: 'custom', path: ['versions'], message: problem });
  });

/** One version of a {@link RestoredMemory}. */
export type RestoredVersion = z.infer<typeof restoredVersionSchema>;

/** `{ id, scope, metadata?, versions }`. */
export type RestoredMemory = z.infer<typeof restoredMemorySchema>;

/**
 * What is wrong with a memory's history (the rules of
 * {@link restoredMemorySchema} beyond each field's own), or `undefined`
 * when it is one a store could have written. For a reader that checked the
 * fields already and must not parse every text twice.
 */
export function restoredHistoryProblem(memory: {
  readonly id: string;
  readonly metadata?: unknown;
  readonly versions: readonly z.infer<typeof restoredVersionSchema>[];
}): string | undefined {
  const { versions } = memory;
  for (const [index, version] of versions.entries()) {
    if (version.memoryId !== memory.id) return 'every version must name the memory it belongs to';
    if (version.version !== index + 1) return 'versions must be numbered 1, 2, … in order';
    const expected = index === 0 ? 'created' : version.change === 'deleted' ? 'deleted' : 'updated';
    if (version.change !== expected) {
      return 'the first version must be "created", the others "updated", then at most one "deleted"';
    }
    if (version.change === 'deleted' && index !== versions.length - 1) {
      return 'a "deleted" version must be the last';
    }
    const previous = versions[index - 1];
    if (previous !== undefined && version.at.getTime() < previous.at.getTime()) {
      return 'version times must never go backwards';
    }
    if (previous !== undefined && version.layer !== previous.layer) {
      return 'a memory keeps its layer in every version';
    }
  }
  if (versions.at(-1)?.change === 'deleted' && memory.metadata !== undefined) {
    return 'a deleted memory keeps no metadata';
  }
  return undefined;
}

/**
 * What one `restore` call writes: memories with their whole history, and
 * turns with where and when they were logged; at most
 * {@link Limits.restoreBatch} of both together.
 */
export const restoreBatchSchema = z
  .object({
    memories: z.array(restoredMemorySchema).default([]),
    turns: z.array(loggedTurnSchema).default([]),
  })
  .strict()
  .refine((batch) => batch.memories.length + batch.turns.length <= Limits.restoreBatch, {
    message: `a restore batch holds at most ${Limits.restoreBatch} memories and turns together`,
  });

/** `{ memories?, turns? }`. */
export type RestoreBatch = z.input<typeof restoreBatchSchema>;

/** Why a restore refused an entry. */
export const RestoreRefusal = {
  /** The id (or a turn's id at its scope) is taken by a different memory or turn. */
  conflict: 'conflict',
  /** A different live memory with the same normalised text sits at the same scope and layer. */
  duplicate: 'duplicate',
  /** The store cannot keep the entry's text exactly (e.g. U+0000 in PostgreSQL). */
  unstorable: 'unstorable',
} as const;

/** `conflict`, `duplicate` or `unstorable`. */
export type RestoreRefusalCode = (typeof RestoreRefusal)[keyof typeof RestoreRefusal];

/**
 * What became of one entry of a restore batch: `imported` (written now),
 * `present` (the store already held exactly this, so nothing was written), or
 * `refused` with a code and a reason (nothing of it was written).
 */
export type RestoreOutcome =
  | { readonly status: 'imported' }
  | { readonly status: 'present' }
  | { readonly status: 'refused'; readonly code: RestoreRefusalCode; readonly reason: string };

/** What `restore` did: one outcome per entry, in the order of the batch. */
export interface RestoreResult {
  readonly memories: readonly RestoreOutcome[];
  readonly turns: readonly RestoreOutcome[];
}
