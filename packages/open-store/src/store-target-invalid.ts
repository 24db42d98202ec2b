import { InvalidMemoryInput } from '@symfonic/core';

/** What is wrong with a store target. */
export type StoreTargetProblem =
  /** No target was given: the argument and `SYMFONIC_DATABASE_URL` are both unset or blank. */
  | 'missing'
  /** The target is a URL of a scheme no store opens, or a `postgres://` URL that does not parse. */
  | 'malformed'
  /** The target needs a driver package that is not installed; `packages` names what to install. */
  | 'driver-missing';

/**
 * A store target `openStore` cannot open: an `InvalidMemoryInput` whose
 * message says what is wrong and how to fix it, and whose `problem` names it.
 * The message never carries a password.
 */
export class StoreTargetInvalid extends InvalidMemoryInput {
  readonly problem: StoreTargetProblem;
  /** For `driver-missing`: the packages to install. */
  readonly packages: readonly string[];

  constructor(
    problem: StoreTargetProblem,
    message: string,
    options: { readonly packages?: readonly string[]; readonly cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.problem = problem;
    this.packages = options.packages ?? [];
  }

  /** True for a `StoreTargetInvalid` from any copy of `@symfonic/open-store`. */
  static override isInstance(error: unknown): error is StoreTargetInvalid {
    return (
      InvalidMemoryInput.isInstance(error) &&
      typeof (error as { problem?: unknown }).problem === 'string' &&
      Array.isArray((error as { packages?: unknown }).packages)
    );
  }
}
