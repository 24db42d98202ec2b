import type { MemoryRecord } from '../memory-record.js';
import type { MemoryScope } from '../memory-scope.js';
import type { PinnedOptions } from '../pinned-options.js';

/**
 * Where hydration reads the facts that must come back whatever the cue: the
 * memories a user would be hurt to have forgotten (an allergy, where they
 * live) share no word with most cues, so recall by the cue cannot be relied
 * on to find them.
 */
export interface PinnedMemorySource {
  /**
   * The live semantic memories visible to `scope` whose salience is at least
   * `options.minSalience`, most recently updated first (ties by id), at most
   * `options.limit`; `[]` for `limit` 0. Answered from an index of salient
   * memories per scope, never by reading every memory of the scope.
   *
   * @throws InvalidMemoryInput when the scope or the options are malformed.
   * @throws ScopeViolation when a backend answered a row not visible to the scope.
   * @throws MemoryUnavailable when the backend cannot be reached.
   */
  pinned(scope: MemoryScope, options: PinnedOptions): Promise<readonly MemoryRecord[]>;
}
