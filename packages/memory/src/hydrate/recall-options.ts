import { Limits, parseInput } from '@symfonic/core';
import { z } from 'zod';

const characters = z.number().int().min(0);
const weight = z.number().min(0).max(1);

/**
 * The recall gates and ranking, with their defaults:
 *
 * - `limit` 12: at most this many memories in a block (0 recalls nothing and never asks the store).
 * - `minRelevance` none: a floor on relevance. Relevance is the store's own
 *   score (its scale is the store's) or, when `createMemory` has an
 *   `embedder`, the cosine similarity of cue and memory (-1 to 1).
 * - `minSalience` 0: a floor on salience (0 to 1).
 * - `caps` `{ semantic: 2000, episodic: 2000, total: 3000 }`: characters of
 *   rendered memory text per layer and for both layers together (the working
 *   window is ungated and not counted).
 * - `halfLifeDays` 30: a memory untouched for this long gets half the recency
 *   credit of one updated now.
 * - `weights` `{ relevance: 0.6, salience: 0.25, recency: 0.15 }`: how the
 *   ranking score mixes relevance (rescaled to 0..1 over the candidates),
 *   salience and recency decay.
 * - `pinned` `{ minSalience: 0.9, limit: 10, cap: 1000 }`: pinned facts, the
 *   semantic memories at or above `minSalience` that come back on every
 *   hydration whatever the cue, most recently updated first, at most `limit`
 *   (0 reads none and never asks the store) and `cap` characters of rendered
 *   text, counted apart from `caps`.
 */
export const recallOptionsSchema = z
  .object({
    limit: z.number().int().min(0).max(Limits.queryLimit).default(12),
    minRelevance: z.number().finite().optional(),
    minSalience: z.number().min(0).max(1).default(0),
    caps: z
      .object({
        semantic: characters.default(2_000),
        episodic: characters.default(2_000),
        total: characters.default(3_000),
      })
      .strict()
      .prefault({}),
    halfLifeDays: z.number().positive().finite().default(30),
    weights: z
      .object({
        relevance: weight.default(0.6),
        salience: weight.default(0.25),
        recency: weight.default(0.15),
      })
      .strict()
      .prefault({}),
    pinned: z
      .object({
        minSalience: z.number().min(0).max(1).default(0.9),
        limit: z.number().int().min(0).max(Limits.queryLimit).default(10),
        cap: characters.default(1_000),
      })
      .strict()
      .prefault({}),
  })
  .strict();

/** Recall options as a caller writes them (every field optional). */
export type RecallOptionsInput = z.input<typeof recallOptionsSchema>;

/** Recall options with every default applied. */
export type RecallOptions = z.output<typeof recallOptionsSchema>;

/**
 * Apply the defaults to `input`.
 *
 * @throws InvalidMemoryInput naming the field when an option is out of range.
 */
export function resolveRecallOptions(input: RecallOptionsInput = {}): RecallOptions {
  return parseInput(recallOptionsSchema, input, 'recall options');
}
