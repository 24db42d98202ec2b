import { MemoryUnavailable, SymfonicError } from '@symfonic/core';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { databaseErrorCode } from './database-error-code.js';

/**
 * Translate a failure of the database into `MemoryUnavailable`, so callers
 * never see a raw driver error. Symfonic errors pass through unchanged.
 *
 * The message names the operation and the failure's code (SQLSTATE or socket
 * code), never SQL, parameters or stored text. The cause is the driver's own
 * error: drizzle's wrapper is unwrapped because its message carries the query
 * and its parameters.
 */
export function toMemoryUnavailable(error: unknown, operation: string): SymfonicError {
  if (SymfonicError.isInstance(error)) return error;
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  const code = databaseErrorCode(error);
  const reported = code === undefined ? 'the driver reported a failure' : `failure code ${code}`;
  return new MemoryUnavailable(`the memory store could not ${operation} (${reported})`, {
    cause,
  });
}
