import type { CandidateSource, MemoryScope } from '@symfonic/core';

/**
 * `source` as a backend whose search lost its tenant filter: every `scanCandidates` also
 * answers the rows `foreign` holds for the same query, after the asking scope's own. A correct
 * store cannot leak, so this is how a test causes a foreign row, which `hydrate` must refuse
 * with a `ScopeViolation`.
 */
export function leakingCandidates(source: CandidateSource, foreign: MemoryScope): CandidateSource {
  return {
    async scanCandidates(query) {
      const mine = await source.scanCandidates(query);
      const theirs = await source.scanCandidates({ ...query, scope: foreign });
      return { ...mine, memories: [...mine.memories, ...theirs.memories] };
    },
  };
}
