import { InvalidMemoryInput, MemoryUnavailable, ScopeViolation } from '@symfonic/core';

/** An error the demo reports as one line and an exit code, never as a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * The one line and exit code for an error that reached the top of the
 * program: bad input exits 2, an unreachable database 3, a scope violation 4,
 * anything else 1 (with its message, still without a stack); a `CliError`
 * carries its own code (2 unless it says otherwise, 130 for an interrupt).
 */
export function describeFailure(error: unknown): { message: string; exitCode: number } {
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
  if (InvalidMemoryInput.isInstance(error)) return { message: error.message, exitCode: 2 };
  if (MemoryUnavailable.isInstance(error)) {
    return { message: `the memory store cannot be reached: ${error.message}`, exitCode: 3 };
  }
  if (ScopeViolation.isInstance(error)) return { message: error.message, exitCode: 4 };
  const message = error instanceof Error ? error.message : String(error);
  return { message: `unexpected failure: ${message}`, exitCode: 1 };
}
