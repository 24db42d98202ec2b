import {
  ExclusiveRestoreRefused,
  InvalidMemoryInput,
  MemoryUnavailable,
  ScopeViolation,
} from '@symfonic/core';
import { type OpenedStore, openStore } from '@symfonic/open-store';
import type { CommandIo } from './command-io.js';
import { CommandFailure, exitCodes } from './exit-codes.js';
import { type StoreFlags, storeTargetOf } from './store-options.js';

/**
 * The failure `error` is for the command line: a refused target or input
 * (an `--exclusive` import into a store that holds other scopes included) is
 * a usage error, a store that cannot be reached is `storeUnavailable`, a
 * scope violation is `scopeViolation`; anything else is left as it is.
 */
export function asCommandFailure(error: unknown): unknown {
  if (error instanceof CommandFailure) return error;
  if (ScopeViolation.isInstance(error)) {
    return new CommandFailure(error.message, exitCodes.scopeViolation);
  }
  if (MemoryUnavailable.isInstance(error)) {
    return new CommandFailure(error.message, exitCodes.storeUnavailable);
  }
  if (InvalidMemoryInput.isInstance(error) || ExclusiveRestoreRefused.isInstance(error)) {
    return new CommandFailure(error.message, exitCodes.usage);
  }
  return error;
}

/**
 * Open the store the flags name (with the default embedder), run `work` on
 * it, and close it whatever happens.
 *
 * @throws CommandFailure for a failure a script can act on (see `asCommandFailure`).
 */
export async function withStore<Result>(
  flags: StoreFlags,
  io: CommandIo,
  work: (opened: OpenedStore) => Promise<Result>,
): Promise<Result> {
  const target = storeTargetOf(flags, io.environment);
  let opened: OpenedStore;
  try {
    opened = await openStore(target);
  } catch (error) {
    throw asCommandFailure(error);
  }
  try {
    return await work(opened);
  } catch (error) {
    throw asCommandFailure(error);
  } finally {
    await opened.close();
  }
}
