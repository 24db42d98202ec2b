import { SymfonicError, type SymfonicErrorOptions } from '@symfonic/core';

/**
 * The sentence encoder could not be loaded: one of its optional packages is
 * not installed, or its model files could not be read. A configuration
 * error, thrown by `createSentenceEncoder` before any text is embedded; the
 * message names the package to install.
 */
export class SentenceEncoderUnavailable extends SymfonicError {
  static readonly code = 'SENTENCE_ENCODER_UNAVAILABLE';

  constructor(message: string, options: SymfonicErrorOptions = {}) {
    super(SentenceEncoderUnavailable.code, message, options);
  }

  /** True for a `SentenceEncoderUnavailable` from any copy of `@symfonic/memory`. */
  static override isInstance(error: unknown): error is SentenceEncoderUnavailable {
    return SymfonicError.isInstance(error) && error.code === SentenceEncoderUnavailable.code;
  }
}
