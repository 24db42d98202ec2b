import { databaseUrlVariable } from '@symfonic/open-store';
import { CommandFailure, exitCodes } from './exit-codes.js';

/** The store flags every command takes. */
export interface StoreFlags {
  readonly data?: string;
  readonly databaseUrl?: string;
  readonly json?: boolean;
}

/**
 * The store target the flags name: `--data DIR` (PGlite), else
 * `--database-url URL`, else `SYMFONIC_DATABASE_URL`.
 *
 * @throws CommandFailure (usage) when both flags are given, or none of the three.
 */
export function storeTargetOf(
  flags: StoreFlags,
  environment: Readonly<Record<string, string | undefined>>,
): string {
  if (flags.data !== undefined && flags.databaseUrl !== undefined) {
    throw new CommandFailure('give --data or --database-url, not both', exitCodes.usage);
  }
  const target = flags.data ?? flags.databaseUrl ?? environment[databaseUrlVariable];
  if (target === undefined || target.trim() === '') {
    throw new CommandFailure(
      `no store given: pass --data DIR (embedded PGlite) or --database-url postgres://…, or set ${databaseUrlVariable}`,
      exitCodes.usage,
    );
  }
  return target;
}
