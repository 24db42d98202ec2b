import {
  Limits,
  memoryContextSchema,
  memoryIdSchema,
  memoryScopeSchema,
  memoryTextSchema,
  metadataSchema,
  provenanceSchema,
  salienceSchema,
  storedLayerSchema,
} from '@symfonic/core';
import { z } from 'zod';

/** The name and version of the format, the header's `format`. */
export const dumpFormat = 'symfonic-dump/1';

/** A time, as an ISO 8601 UTC string with milliseconds (what `Date.toISOString` writes). */
const timeSchema = z.iso.datetime({ offset: false, precision: 3 });

/**
 * The first line: which format, what scope, and the state it holds:
 * `exportedAt` is the time of the latest memory version or turn at or below
 * the scope (the Unix epoch when there is none), not the clock of the
 * export, so the same data gives the same dump.
 */
export const dumpHeaderSchema = z
  .object({
    kind: z.literal('header'),
    format: z.literal(dumpFormat),
    /** The scope the dump holds: every line is at or below it. */
    scope: memoryScopeSchema,
    exportedAt: timeSchema,
  })
  .strict();

/** One version of a memory in a dump (a `MemoryVersion` without the memory id its line names). */
export const dumpVersionSchema = z
  .object({
    version: z.number().int().min(1),
    change: z.enum(['created', 'updated', 'deleted']),
    layer: storedLayerSchema,
    text: memoryTextSchema,
    context: memoryContextSchema.optional(),
    salience: salienceSchema,
    provenance: provenanceSchema,
    at: timeSchema,
  })
  .strict();

/**
 * One memory with every version, oldest first. `createdAt` is its first
 * version's time, `updatedAt` its last one's; `deleted` is true when the
 * last version is a deletion (then there is no `metadata`).
 */
export const dumpMemorySchema = z
  .object({
    kind: z.literal('memory'),
    id: memoryIdSchema,
    scope: memoryScopeSchema,
    createdAt: timeSchema,
    updatedAt: timeSchema,
    deleted: z.boolean(),
    metadata: metadataSchema.optional(),
    versions: z.array(dumpVersionSchema).min(1).max(Limits.restoreBatch),
  })
  .strict();

/** One turn of the conversation log, with its scope and when it was logged. */
export const dumpTurnSchema = z
  .object({
    kind: z.literal('turn'),
    scope: memoryScopeSchema,
    turnId: z.string().min(1).max(Limits.id),
    speaker: z.string().max(Limits.id),
    text: z.string().max(Limits.turnText),
    turn: z.number().int().min(0),
    at: timeSchema,
  })
  .strict();

/**
 * The last line: how many memory and turn lines came before it, so a reader
 * tells a whole dump from one cut short.
 */
export const dumpEndSchema = z
  .object({
    kind: z.literal('end'),
    memories: z.number().int().min(0),
    turns: z.number().int().min(0),
  })
  .strict();

/** `{ kind: 'header', format, scope, exportedAt }`. */
export type DumpHeader = z.infer<typeof dumpHeaderSchema>;
/** `{ kind: 'memory', id, scope, createdAt, updatedAt, deleted, metadata?, versions }`. */
export type DumpMemory = z.infer<typeof dumpMemorySchema>;
/** `{ version, change, layer, text, context?, salience, provenance, at }`. */
export type DumpVersion = z.infer<typeof dumpVersionSchema>;
/** `{ kind: 'turn', scope, turnId, speaker, text, turn, at }`. */
export type DumpTurn = z.infer<typeof dumpTurnSchema>;
/** `{ kind: 'end', memories, turns }`. */
export type DumpEnd = z.infer<typeof dumpEndSchema>;
/** Any line of a `symfonic-dump/1` dump. */
export type DumpLine = DumpHeader | DumpMemory | DumpTurn | DumpEnd;
