/** Turns texts into vectors. */
export interface EmbeddingProvider {
  /** The model's name; stores key vectors by it, so changing models never mixes spaces. */
  readonly model: string;
  /** The length of every vector `embed` returns. */
  readonly dimensions: number;
  /**
   * One vector per text, in order, each `dimensions` long.
   *
   * @throws MemoryUnavailable when the model cannot be reached or any part of
   * the batch failed (a partial batch is never answered).
   */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}
