import { floorReason, type MemoryQuery, type ScoredMemory } from '@symfonic/core';

/**
 * Why `query` does not want `memory` (a layer it did not ask for, or a
 * salience or relevance under its floor, in core's `floorReason` wording),
 * or `undefined` when it does.
 */
export function queryRejection(query: MemoryQuery, memory: ScoredMemory): string | undefined {
  const { layer, salience } = memory.record;
  if (query.layers !== undefined && !query.layers.includes(layer)) {
    return `its layer ${layer} is not among the layers this query asked for`;
  }
  return (
    floorReason('salience', salience, query.minSalience) ??
    floorReason('relevance', memory.relevance, query.minRelevance)
  );
}
