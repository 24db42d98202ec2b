import type { EmbeddingProvider, FusionWeightsOption } from '@symfonic/core';

/**
 * How the store ranks, the options every opener takes beside its
 * connection (`openPGliteStore`, `openNodePostgresStore`, `openNeonStore`,
 * `createDrizzleStore`).
 */
export interface RankingOptions {
  /**
   * Embeds memory texts and cues. Used only where pgvector is installed
   * (PGlite and Neon carry it); a store without it ranks by full text and
   * says so in every result.
   */
  readonly embedder?: EmbeddingProvider;
  /** Most rows `scanCandidates` ranks per list; 500 by default. */
  readonly scanBudget?: number;
  /**
   * The weight of each ranking's vote when full-text and vector rankings are
   * fused by core's `hybridRelevance` (a row at position p of a list earns
   * weight × 11 / (10 + p), the full-text list also voting by score, the
   * vector weight scaled by the vector list's margin: core's `hybridWeights`);
   * `{ lexical: 1, vector: 1 }` by default. A zero `vector` weight ranks by
   * full text alone (the cue is not embedded); a zero `lexical` weight ranks
   * by vectors alone, and by full text, with the degradation that says why,
   * when there is no cue vector (no pgvector, or the embedder failed).
   */
  readonly fusionWeights?: FusionWeightsOption;
}

/** The ranking options `options` sets, and no others (so an absent one keeps its default). */
export function rankingOptionsOf(options: RankingOptions): RankingOptions {
  return {
    ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
    ...(options.scanBudget === undefined ? {} : { scanBudget: options.scanBudget }),
    ...(options.fusionWeights === undefined ? {} : { fusionWeights: options.fusionWeights }),
  };
}
