import { Limits } from '@symfonic/core';
import { z } from 'zod';
import { dumpMemorySchema, dumpTurnSchema, dumpVersionSchema } from './dump-format.js';

/**
 * A memory line as an import reads it before core checks the rest: the
 * line's own rules of {@link dumpMemorySchema} (its kind, which keys it and
 * each version have, its times as ISO strings, `createdAt`, `updatedAt`,
 * `deleted`, the id and scope it is placed by), with the fields a restore
 * checks itself (each version's number, change, layer, text, context,
 * salience and provenance, and the metadata) left unread here, so each is
 * checked once, by core's `checkRestoredMemory`.
 */
export const memoryLineFieldsSchema = dumpMemorySchema.extend({
  metadata: z.unknown().optional(),
  versions: z
    .array(
      dumpVersionSchema.extend({
        version: z.unknown(),
        change: z.unknown(),
        layer: z.unknown(),
        text: z.unknown(),
        context: z.unknown().optional(),
        salience: z.unknown(),
        provenance: z.unknown(),
      }),
    )
    .min(1)
    .max(Limits.restoreBatch),
});

/**
 * A turn line as an import reads it before core checks the rest (see
 * {@link memoryLineFieldsSchema}): its kind, keys, scope and time here; its
 * id, speaker, text and number by core's `checkLoggedTurn`.
 */
export const turnLineFieldsSchema = dumpTurnSchema.extend({
  turnId: z.unknown(),
  speaker: z.unknown(),
  text: z.unknown(),
  turn: z.unknown(),
});

/** A memory line read by {@link memoryLineFieldsSchema}. */
export type MemoryLineFields = z.infer<typeof memoryLineFieldsSchema>;
/** A turn line read by {@link turnLineFieldsSchema}. */
export type TurnLineFields = z.infer<typeof turnLineFieldsSchema>;
