import type { FusionWeights } from '../fusion-weights.js';
import type { EmbeddingProvider } from '../ports/embedding-provider.js';
import type { StoreBackend } from './store-backend.js';

/** What {@link BackendRanking} is built from: how a backend was opened. */
export interface BackendRankingOptions {
  /** The embedder the store was opened with, if any. */
  readonly embedder: EmbeddingProvider | undefined;
  /**
   * Whether the backend can keep vectors at all: false for a database without a vector
   * extension. Defaults to true.
   */
  readonly vectorsAvailable?: boolean;
  /** Each ranking's vote in the fusion. */
  readonly weights: FusionWeights;
  /** Most rows one ranking reads. */
  readonly scanBudget: number;
}

type RankingFields = Pick<StoreBackend, 'embedder' | 'storesVectors' | 'embedsCue' | 'scanBudget'>;

/**
 * The ranking fields every backend owes the kit, decided once by one rule: a backend keeps vectors
 * when it has an embedder and can keep them, and wants a cue vector when it keeps vectors and the
 * vector ranking has a vote above 0. A backend extends it (`class MyBackend extends BackendRanking
 * implements StoreBackend`) and passes how it was opened.
 */
export class BackendRanking implements RankingFields {
  /** Embeds memory texts and cues; `undefined` when the store was opened without one. */
  readonly embedder: EmbeddingProvider | undefined;
  /** Whether written texts get vectors (and a cue vector can rank). */
  readonly storesVectors: boolean;
  /** Whether a retrieval wants the cue's vector. */
  readonly embedsCue: boolean;
  /** Most rows one ranking reads: the ceiling of every candidate window. */
  readonly scanBudget: number;

  constructor(options: BackendRankingOptions) {
    this.embedder = options.embedder;
    this.storesVectors = options.embedder !== undefined && (options.vectorsAvailable ?? true);
    this.embedsCue = this.storesVectors && options.weights.vector > 0;
    this.scanBudget = options.scanBudget;
  }
}
