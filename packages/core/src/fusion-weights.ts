import { InvalidMemoryInput } from './errors/invalid-memory-input.js';
import type { EmbeddingProvider } from './ports/embedding-provider.js';

/**
 * How much each ranking votes when a store fuses its full-text and vector
 * rankings (core's `hybridRelevance`: a memory at rank r of a list earns
 * weight × (k + 1) / (k + r), the full-text list's weight also scaling its
 * vote by score, the vector weight scaled for each cue by the vector list's
 * margin: core's `hybridWeights`).
 */
export interface FusionWeights {
  readonly lexical: number;
  readonly vector: number;
  /**
   * The margin at which the vector list votes whole (`hybridWeights`): the
   * store's embedder's `fusionMargin`; absent, core's `vectorFullWeightMargin`.
   */
  readonly vectorMargin?: number;
}

/** Fusion weights as a store option: each one omitted takes its default. */
export interface FusionWeightsOption {
  readonly lexical?: number;
  readonly vector?: number;
}

/** The weights when none are given: both rankings vote equally. */
export const defaultFusionWeights: FusionWeights = Object.freeze({ lexical: 1, vector: 1 });

/**
 * A store's fusion weights from its option and its embedder: each omitted
 * weight is 1, and the vector list votes whole at the embedder's
 * `fusionMargin` when it declares one. A zero `vector` weight ranks by full
 * text alone; a zero `lexical` weight ranks by vectors alone (a store then
 * falls back to full text, and says so, when a cue cannot be embedded).
 *
 * @throws InvalidMemoryInput when a weight is not a finite number of 0 or
 * more, when both are 0, when the lexical weight is 0 and the store has no
 * embedder (nothing would rank), or when the embedder's `fusionMargin` is not
 * a finite number above 0.
 */
export function resolveFusionWeights(
  option: FusionWeightsOption | undefined,
  embedder: Pick<EmbeddingProvider, 'model' | 'fusionMargin'> | undefined,
): FusionWeights {
  const hasEmbedder = embedder !== undefined;
  const weights = {
    lexical: option?.lexical ?? defaultFusionWeights.lexical,
    vector: option?.vector ?? defaultFusionWeights.vector,
    ...fusionMarginOf(embedder),
  };
  for (const weight of [weights.lexical, weights.vector]) {
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
      throw new InvalidMemoryInput('invalid fusion weight: it must be a finite number, 0 or more');
    }
  }
  if (weights.lexical === 0 && (weights.vector === 0 || !hasEmbedder)) {
    throw new InvalidMemoryInput(
      'invalid fusion weights: a zero lexical weight needs an embedder and a vector weight above 0',
    );
  }
  return weights;
}

/**
 * The `vectorMargin` of an embedder's fusion weights: its `fusionMargin`,
 * when it declares one.
 *
 * @throws InvalidMemoryInput when the margin is not a finite number above 0.
 */
export function fusionMarginOf(
  embedder: Pick<EmbeddingProvider, 'model' | 'fusionMargin'> | undefined,
): { readonly vectorMargin?: number } {
  const margin = embedder?.fusionMargin;
  if (margin === undefined) return {};
  if (typeof margin !== 'number' || !Number.isFinite(margin) || margin <= 0) {
    throw new InvalidMemoryInput(
      `invalid fusionMargin of the embedder "${embedder?.model}": it must be a finite number above 0`,
    );
  }
  return { vectorMargin: margin };
}
