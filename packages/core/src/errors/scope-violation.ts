import { hasCode, SymfonicError, type SymfonicErrorOptions } from './symfonic-error.js';

/**
 * A row outside the asking scope came back from a backend. This is a security
 * failure: it is thrown, never filtered, so the backend that leaked is found.
 * The message names the row id and both scopes (in their string form), never
 * the row's text.
 */
export class ScopeViolation extends SymfonicError {
  static readonly code = 'SCOPE_VIOLATION';
  /** The id of the row that crossed. */
  readonly rowId: string;
  /** The row's scope, in string form. */
  readonly rowScope: string;
  /** The asking scope, in string form. */
  readonly queryScope: string;

  constructor(
    details: { rowId: string; rowScope: string; queryScope: string },
    options: SymfonicErrorOptions = {},
  ) {
    super(
      ScopeViolation.code,
      `row "${details.rowId}" from scope "${details.rowScope}" is not visible to scope "${details.queryScope}"`,
      options,
    );
    this.rowId = details.rowId;
    this.rowScope = details.rowScope;
    this.queryScope = details.queryScope;
  }

  /** True for a `ScopeViolation` from any copy of `@symfonic/core`. */
  static override isInstance(error: unknown): error is ScopeViolation {
    return hasCode(error, ScopeViolation.code);
  }
}
