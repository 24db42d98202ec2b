import type { MemoryQuery, ScoredMemory } from '@symfonic/core';

/**
 * Why `query` does not want `memory` (a layer it did not ask for, a salience
 * or relevance under its floor), or `undefined` when it does.
 */
export function queryRejection(query: MemoryQuery, memory: ScoredMemory): string | undefined {
  const { layer, salience } = memory.record;
  if (query.layers !== undefined && !query.layers.includes(layer)) {
    return `its layer ${layer} is not among the layers this query asked for`;
  }
  if (query.minSalience !== undefined && salience < query.minSalience) {
    return `its salience ${salience} is under this query's floor of ${query.minSalience}`;
  }
  if (query.minRelevance !== undefined && memory.relevance < query.minRelevance) {
    return `its relevance ${memory.relevance} is under this query's floor of ${query.minRelevance}`;
  }
  return undefined;
}
