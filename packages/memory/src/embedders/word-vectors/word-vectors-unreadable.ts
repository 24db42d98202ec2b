import { SymfonicError, type SymfonicErrorOptions } from '@symfonic/core';

/**
 * A table of word vectors could not be read: its file or package is missing,
 * unreadable, or not in the expected shape. A configuration error, thrown
 * before any text is embedded; the message names the path, never the file's
 * content.
 */
export class WordVectorsUnreadable extends SymfonicError {
  static readonly code = 'WORD_VECTORS_UNREADABLE';

  constructor(message: string, options: SymfonicErrorOptions = {}) {
    super(WordVectorsUnreadable.code, message, options);
  }

  /** True for a `WordVectorsUnreadable` from any copy of `@symfonic/memory`. */
  static override isInstance(error: unknown): error is WordVectorsUnreadable {
    return SymfonicError.isInstance(error) && error.code === WordVectorsUnreadable.code;
  }
}
