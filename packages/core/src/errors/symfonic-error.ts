const marker = Symbol.for('@symfonic/core.error');

/** Options every Symfonic error accepts. */
export interface SymfonicErrorOptions {
  /** The underlying error (a driver's, a parser's), kept for debugging. */
  readonly cause?: unknown;
}

/**
 * The base of every error this project throws. Each subclass has a stable
 * `code`; `isInstance` recognises errors from any installed copy of
 * `@symfonic/core` (it checks a `Symbol.for` marker, not the prototype chain).
 * Messages never contain stored text, secrets or query parameters.
 */
export class SymfonicError extends Error {
  /** A stable, machine-readable code, e.g. `MEMORY_UNAVAILABLE`. */
  readonly code: string;
  protected readonly [marker] = true;

  constructor(code: string, message: string, options: SymfonicErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
  }

  /** True for any Symfonic error, from this copy of the package or another. */
  static isInstance(error: unknown): error is SymfonicError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as { [marker]?: unknown })[marker] === true &&
      typeof (error as { code?: unknown }).code === 'string'
    );
  }
}

/** True when `error` is a Symfonic error with this `code`. */
export function hasCode(error: unknown, code: string): boolean {
  return SymfonicError.isInstance(error) && error.code === code;
}
