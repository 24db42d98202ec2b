/** Turns texts into vectors. */
export interface EmbeddingProvider {
  /** The model's name; stores key vectors by it, so changing models never mixes spaces. */
  readonly model: string;
  /** The length of every vector `embed` returns. */
  readonly dimensions: number;
  /**
   * The cosine margin between this model's first and tenth nearest memories
   * to a cue at which its vector ranking votes with its whole weight in a
   * hybrid ranking (see core's `vectorListReliability`); absent, core's
   * `vectorFullWeightMargin` (0.12, measured on word vectors). Models spread
   * the cosines of unrelated texts differently, so each one that knows its
   * spread says it: a smaller margin trusts a list sooner, a larger one
   * later, and one above 2 (no two cosines differ by more) never gives the
   * list its whole weight. Must be a finite number above 0.
   */
  readonly fusionMargin?: number;
  /**
   * One vector per text, in order, each `dimensions` long.
   *
   * @throws MemoryUnavailable when the model cannot be reached or any part of
   * the batch failed (a partial batch is never answered).
   */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}
