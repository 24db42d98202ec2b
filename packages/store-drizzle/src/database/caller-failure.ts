/**
 * A failure of the caller's own code run inside a store method (a callback
 * it passed, the reason of the `AbortSignal` it aborted). The store rethrows
 * `error` unchanged instead of translating it into `MemoryUnavailable`: it
 * says nothing about the database.
 */
export class CallerFailure {
  constructor(readonly error: unknown) {}
}
