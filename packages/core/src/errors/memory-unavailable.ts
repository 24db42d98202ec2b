import { hasCode, SymfonicError, type SymfonicErrorOptions } from './symfonic-error.js';

/**
 * A store, engine or embedder cannot be reached (closed, down, timed out).
 * Callers degrade on it: hydration renders without that half and says so.
 */
export class MemoryUnavailable extends SymfonicError {
  static readonly code = 'MEMORY_UNAVAILABLE';

  constructor(message: string, options: SymfonicErrorOptions = {}) {
    super(MemoryUnavailable.code, message, options);
  }

  /** True for a `MemoryUnavailable` from any copy of `@symfonic/core`. */
  static override isInstance(error: unknown): error is MemoryUnavailable {
    return hasCode(error, MemoryUnavailable.code);
  }
}
