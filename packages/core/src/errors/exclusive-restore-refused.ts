import { hasCode, SymfonicError, type SymfonicErrorOptions } from './symfonic-error.js';

/**
 * An exclusive restore (see `MemoryStore.openExclusiveRestore`) asked of a
 * store that cannot know its database is the import's own: it already holds
 * rows outside the scope being restored. Nothing was changed.
 */
export class ExclusiveRestoreRefused extends SymfonicError {
  static readonly code = 'EXCLUSIVE_RESTORE_REFUSED';

  constructor(message: string, options: SymfonicErrorOptions = {}) {
    super(ExclusiveRestoreRefused.code, message, options);
  }

  /** True for an `ExclusiveRestoreRefused` from any copy of `@symfonic/core`. */
  static override isInstance(error: unknown): error is ExclusiveRestoreRefused {
    return hasCode(error, ExclusiveRestoreRefused.code);
  }
}
