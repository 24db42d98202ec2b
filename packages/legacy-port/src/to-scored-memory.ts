import {
  Limits,
  type MemoryScope,
  memoryLayerSchema,
  memoryTextSchema,
  type Provenance,
  type ScoredMemory,
  salienceSchema,
} from '@symfonic/core';
import type { LegacyEntry } from './legacy-entry.js';

/**
 * The provenance of every memory read through this package: the legacy
 * engine wrote it, and which turn or reply it came from is not known.
 */
export const legacyProvenance: Provenance = { writer: 'legacy-engine' };

/** The layer of a row that names none: a record of something, not a claim that it is true. */
const defaultLayer = 'episodic';
/** The salience of a row that carries none: neither trivia nor a must-keep. */
const defaultSalience = 0.5;
/** The time of a row that carries none: unknown age counts as old, never as fresh. */
const unknownTime = 0;

/**
 * Turn an admitted legacy row into a scored memory at `scope`, or say why it
 * cannot be one. Every field is checked, nothing is repaired: text over
 * {@link Limits.memoryText} is refused rather than truncated, an unknown layer
 * is refused rather than guessed. Reasons never quote the row's text.
 */
export function toScoredMemory(
  entry: LegacyEntry,
  scope: MemoryScope,
): { readonly memory: ScoredMemory } | { readonly reason: string } {
  if (entry.id.length > Limits.id) {
    return { reason: `its id is longer than ${Limits.id} characters` };
  }
  const text = memoryTextSchema.safeParse(entry.content);
  if (!text.success) {
    return {
      reason:
        typeof entry.content === 'string'
          ? `its content is not a memory text (${text.error.issues[0]?.message})`
          : 'its content is not a string',
    };
  }
  const layer = memoryLayerSchema.safeParse(entry.layer ?? defaultLayer);
  if (!layer.success) return { reason: 'its layer is not one of working, episodic, semantic' };
  const salience = salienceSchema.safeParse(entry.salience ?? defaultSalience);
  if (!salience.success) return { reason: 'its salience is not a number from 0 to 1' };
  const relevance = entry.score ?? 0;
  if (typeof relevance !== 'number' || !Number.isFinite(relevance)) {
    return { reason: 'its score is not a finite number' };
  }
  const createdAt = toDate(entry.createdAt ?? unknownTime);
  if (createdAt === undefined) return { reason: 'its creation time is not a valid date' };
  return {
    memory: {
      record: {
        id: entry.id,
        scope,
        layer: layer.data,
        text: text.data,
        salience: salience.data,
        provenance: legacyProvenance,
        createdAt,
        updatedAt: createdAt,
      },
      relevance,
    },
  };
}

function toDate(value: unknown): Date | undefined {
  const date =
    value instanceof Date
      ? new Date(value.getTime())
      : typeof value === 'string' || typeof value === 'number'
        ? new Date(value)
        : undefined;
  return date === undefined || Number.isNaN(date.getTime()) ? undefined : date;
}
