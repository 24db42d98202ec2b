import {
  defineStore,
  type EmbeddingProvider,
  type FusionWeightsOption,
  InvalidMemoryInput,
  type MemoryStore,
  resolveFusionWeights,
} from '@symfonic/core';
import { InMemoryBackend } from './in-memory-backend.js';

/** Options of {@link createInMemoryStore}. */
export interface InMemoryStoreOptions {
  /**
   * Embeds memory texts and cues. With one, retrieval fuses full-text and
   * cosine rankings (reciprocal rank fusion), every memory answered with a
   * vector carries its cosine `similarity` to the cue, and an `apply` whose texts
   * cannot be embedded (the embedder fails, or answers a vector missing, of
   * the wrong length, or holding NaN or infinity) raises `MemoryUnavailable`
   * and writes nothing; a cue that cannot be embedded ranks by full text,
   * reporting `embedding-failed`. Without
   * one, ranking is full-text only and every retrieval reports a
   * `no-embedder` degradation.
   */
  readonly embedder?: EmbeddingProvider;
  /**
   * What one query may read; 1000 by default. Each ranking (full-text,
   * vectors) reads at most this many rows: `scanCandidates` reads this many
   * (or the query's `window`, when smaller) and reports a
   * `scan-budget-spent` degradation when more matched than the budget let it read;
   * `retrieve` reads 4 × its limit, at least 50, at most this, and reports
   * `scan-budget-spent` too when more memories matched the cue's words. Full-text
   * matching reads at most this many index entries: cue words held by so many
   * memories that they would exceed it are left out of matching (the rarest
   * word never is), and a `common-terms-skipped` degradation says so.
   */
  readonly scanBudget?: number;
  /**
   * The weight of each ranking's vote when full-text and vector rankings are
   * fused by core's `hybridRelevance` (a memory at rank r of a list earns
   * weight × 11 / (10 + r), the full-text list also voting by score, the
   * vector weight scaled by the vector list's margin: core's `hybridWeights`);
   * `{ lexical: 1, vector: 1 }` by default. A zero
   * `vector` weight ranks by full text alone (the cue is not embedded); a
   * zero `lexical` weight ranks by vectors alone, and falls back to full
   * text, reporting `embedding-failed`, when the embedder fails for a cue.
   */
  readonly fusionWeights?: FusionWeightsOption;
}

/**
 * A `MemoryStore` held in process memory, for tests, demos and single-process
 * agents: nothing survives the process.
 *
 * - Full-text matching by MiniSearch, one index per tenant, with a
 *   Unicode-aware tokenizer, scored by BM25+ over the memories the asking
 *   scope sees (a sibling's or a forgotten memory never moves a score); no
 *   background work (no automatic vacuum); with an embedder, cosine similarity fused in by
 *   core's hybrid rule (see `fusionWeights`); ties go to salience, then the later update, then
 *   the smaller id.
 * - Visibility is core's `isVisible`; another scope's id behaves exactly like
 *   an unknown id.
 * - `apply` takes at most `Limits.opsPerApply` ops (more is refused whole
 *   with `InvalidMemoryInput`), validates every op, then commits the accepted
 *   ones in one synchronous step: all or nothing, and concurrent applies never
 *   both add the same text to a scope and layer. A change costs the same
 *   however long the memory's history is.
 * - `get` and `history` refuse a malformed id with `InvalidMemoryInput`.
 * - `list` pages 100 records by default, 1000 at most, by creation order.
 * - After `close()` every call raises `MemoryUnavailable`.
 *
 * @throws InvalidMemoryInput when `scanBudget` is not a whole number from 1
 * up, when a fusion weight is not a finite number of 0 or more, when both are
 * 0, or when the lexical weight is 0 without an embedder (nothing would rank).
 */
export function createInMemoryStore(options: InMemoryStoreOptions = {}): MemoryStore {
  const scanBudget = options.scanBudget ?? 1_000;
  if (!Number.isInteger(scanBudget) || scanBudget < 1) {
    throw new InvalidMemoryInput('invalid scan budget: it must be a whole number, 1 or more');
  }
  const weights = resolveFusionWeights(options.fusionWeights, options.embedder);
  return defineStore(new InMemoryBackend({ embedder: options.embedder, scanBudget, weights }));
}
