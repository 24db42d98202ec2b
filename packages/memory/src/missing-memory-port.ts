import { SymfonicError } from '@symfonic/core';

/**
 * A memory method was called on a store that does not have the port it needs:
 * `record` needs `append` (a `ConversationLog`), the working half of `hydrate`
 * needs `recent` (a `ConversationSource`), recall needs `scanCandidates` (a
 * `CandidateSource`), `remember` needs `apply` (a `MemoryWriter`). A
 * configuration error, never a degradation: it is thrown, not reported.
 */
export class MissingMemoryPort extends SymfonicError {
  static readonly code = 'MISSING_MEMORY_PORT';
  /** The method the store lacks, e.g. `append`. */
  readonly method: string;

  constructor(details: { method: string; port: string; neededBy: string }) {
    super(
      MissingMemoryPort.code,
      `${details.neededBy} needs a ${details.port} (a store with "${details.method}"), and the store given to createMemory has none`,
    );
    this.method = details.method;
  }

  /** True for a `MissingMemoryPort` from any copy of `@symfonic/memory`. */
  static override isInstance(error: unknown): error is MissingMemoryPort {
    return SymfonicError.isInstance(error) && error.code === MissingMemoryPort.code;
  }
}
