import { InvalidMemoryInput } from '@symfonic/core';

/**
 * Refuse an opener's options that name no database: without a connection
 * string or a pool, a driver would fall back to its own defaults (the
 * operating-system user, the local socket) and fail later with a bare
 * authentication code.
 *
 * @throws InvalidMemoryInput naming `opener` and what to pass instead.
 */
export function requireConnection(
  options: { readonly connectionString?: unknown; readonly pool?: unknown },
  opener: string,
): void {
  if (options.pool !== undefined) return;
  const given = options.connectionString;
  if (typeof given === 'string' && given.trim().length > 0) return;
  throw new InvalidMemoryInput(
    `invalid ${opener} options: the connection string is ${given === undefined ? 'missing' : 'empty or not a string'}; pass a postgres:// URL (e.g. process.env.SYMFONIC_DATABASE_URL) as connectionString, or your own pool`,
  );
}
