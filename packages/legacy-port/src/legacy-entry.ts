/**
 * One row as a legacy retrieval engine answers it, in the field names this
 * package reads. An engine whose rows use other names is bridged with the
 * port's `mapRow` option.
 *
 * Nothing here is trusted: the engine is the component being verified, so
 * every field is checked at runtime and a row that fails a check is reported
 * in `dropped` with the reason, never repaired.
 */
export interface LegacyEntry {
  /** The row's id in the engine; it becomes the memory's id. */
  readonly id: string;
  /** The remembered text; it becomes the memory's text (never truncated). */
  readonly content: string;
  /** The engine's score for this cue, higher is better; it becomes the relevance (0 when absent). */
  readonly score?: number;
  /** `working`, `episodic` or `semantic`; `episodic` when absent. */
  readonly layer?: string;
  /** When the row was written (a `Date`, an ISO string or epoch milliseconds); the Unix epoch when absent. */
  readonly createdAt?: Date | string | number;
  /** How much the row matters, 0..1; 0.5 when absent. */
  readonly salience?: number;
  /**
   * The row's explicit scope in core's string form, `tenant/segment/segment`.
   * When present it alone decides the row's scope.
   */
  readonly scopePath?: string | null;
  /** The row's own tenant; its scope is that tenant with an empty path when `scopePath` is absent. */
  readonly tenantId?: string | null;
}
