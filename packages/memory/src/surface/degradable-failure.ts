import { InvalidMemoryInput, MemoryUnavailable, ScopeViolation } from '@symfonic/core';

/**
 * Whether a surface (a middleware, a tool) may degrade a failure of memory,
 * going on without memory and saying so: the store is down
 * (`MemoryUnavailable`), or the turn's own text is more than memory accepts
 * (`InvalidMemoryInput`). A scope violation, a missing port or a bug is never
 * degraded: the surface throws it.
 */
export function isDegradableFailure(error: unknown): error is Error {
  if (ScopeViolation.isInstance(error)) return false;
  return MemoryUnavailable.isInstance(error) || InvalidMemoryInput.isInstance(error);
}

/** The message of a failure as a degradation's detail says it. */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
