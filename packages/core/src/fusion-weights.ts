import { InvalidMemoryInput } from './errors/invalid-memory-input.js';

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
}

/** Fusion weights as a store option: each one omitted takes its default. */
export interface FusionWeightsOption {
  readonly lexical?: number;
  readonly vector?: number;
}

/** The weights when none are given: both rankings vote equally. */
export const defaultFusionWeights: FusionWeights = Object.freeze({ lexical: 1, vector: 1 });

/**
 * A store's fusion weights from its option: each omitted weight is 1. A zero
 * `vector` weight ranks by full text alone; a zero `lexical` weight ranks by
 * vectors alone (a store then falls back to full text, and says so, when a
 * cue cannot be embedded).
 *
 * @throws InvalidMemoryInput when a weight is not a finite number of 0 or
 * more, when both are 0, or when the lexical weight is 0 and the store has no
 * embedder (nothing would rank).
 */
export function resolveFusionWeights(
  option: FusionWeightsOption | undefined,
  hasEmbedder: boolean,
): FusionWeights {
  const weights = {
    lexical: option?.lexical ?? defaultFusionWeights.lexical,
    vector: option?.vector ?? defaultFusionWeights.vector,
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
