import type { z } from 'zod';
import { hasCode, SymfonicError, type SymfonicErrorOptions } from './symfonic-error.js';

/**
 * Input that does not satisfy the contract (a malformed scope, text over a
 * limit, a count mismatch). Carries the zod issues when a schema refused it.
 * The message names paths and rules, never the offending values.
 */
export class InvalidMemoryInput extends SymfonicError {
  static readonly code = 'INVALID_MEMORY_INPUT';
  /** The schema issues, empty when the input was refused by a rule outside a schema. */
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(
    message: string,
    options: SymfonicErrorOptions & { issues?: readonly z.core.$ZodIssue[] } = {},
  ) {
    super(InvalidMemoryInput.code, message, options);
    this.issues = options.issues ?? [];
  }

  /** Build one from a zod error: `what` names the input ("a memory scope"). */
  static fromZod(what: string, error: z.ZodError): InvalidMemoryInput {
    const summary = error.issues
      .slice(0, 3)
      .map((issue) =>
        issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      )
      .join('; ');
    return new InvalidMemoryInput(`invalid ${what}: ${summary}`, {
      issues: error.issues,
      cause: error,
    });
  }

  /** True for an `InvalidMemoryInput` from any copy of `@symfonic/core`. */
  static override isInstance(error: unknown): error is InvalidMemoryInput {
    return hasCode(error, InvalidMemoryInput.code);
  }
}
