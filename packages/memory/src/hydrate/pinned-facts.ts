import {
  type Degradation,
  DegradationCode,
  type Dropped,
  Limits,
  type MemoryScope,
  type PinnedMemorySource,
  requireVisible,
} from '@symfonic/core';
import type { RankedMemory } from './rank-candidates.js';
import type { RecallOptions } from './recall-options.js';
import { renderedLength } from './rendered-length.js';

/** What {@link pinnedFacts} kept, what its cap cut and why, and what weakened it. */
export interface PinnedFacts {
  /** The pinned facts, most recently updated first; relevance 0 and score their salience (they are there whatever the cue). */
  readonly memories: readonly RankedMemory[];
  /** The facts the cap cut, each with its reason (hydration reports them unless recall brought them). */
  readonly cut: readonly Dropped[];
  /** `pinned-limit-reached` when more facts qualified than the limit. */
  readonly degradations: readonly Degradation[];
}

const none: PinnedFacts = { memories: [], cut: [], degradations: [] };

/**
 * The facts that come back on every hydration whatever the cue: the store's
 * `pinned` memories at or above `options.minSalience`, most recently updated
 * first, at most `options.limit`, walked in that order against
 * `options.cap` characters of rendered text (one that does not fit is cut
 * with its reason, and a smaller, older one may still fit). One more than the
 * limit is asked for, so that a limit that left facts out says so. With
 * `limit` 0 the store is not asked.
 *
 * @throws ScopeViolation when the store answered a memory outside `scope`.
 * @throws MemoryUnavailable (and anything else) the store throws.
 */
export async function pinnedFacts(
  source: PinnedMemorySource,
  scope: MemoryScope,
  options: RecallOptions['pinned'],
): Promise<PinnedFacts> {
  const { minSalience, limit, cap } = options;
  if (limit === 0) return none;
  const answered = await source.pinned(scope, {
    minSalience,
    limit: Math.min(limit + 1, Limits.queryLimit),
  });
  requireVisible(answered, scope);
  const degradations: Degradation[] = [];
  if (answered.length > limit) {
    degradations.push({
      code: DegradationCode.pinnedLimitReached,
      detail: `more than ${limit} semantic memories have a salience of ${minSalience} or more: the ${limit} most recently updated were pinned, the others come back only when recall finds them for the cue`,
    });
  }
  const memories: RankedMemory[] = [];
  const cut: Dropped[] = [];
  let used = 0;
  for (const record of answered.slice(0, limit)) {
    const length = renderedLength(record);
    if (used + length > cap) {
      cut.push({
        id: record.id,
        reason: `${length} characters do not fit the pinned cap of ${cap} (${used} used)`,
      });
      continue;
    }
    used += length;
    memories.push({ record, relevance: 0, score: record.salience });
  }
  return { memories, cut, degradations };
}
