/**
 * The exit codes of `symfonic`, the same for every command, so a script can
 * branch on them (the package README lists them).
 */
export const exitCodes = {
  /** The command did what it was asked. */
  ok: 0,
  /** An unexpected failure (a bug): the message is on stderr. */
  failed: 1,
  /** The command line is wrong: an unknown command or flag, a malformed scope, no or a malformed store target, or a dump refused whole (not a dump, one that would cross into another tenant without a remap, or an `--exclusive` import into a store holding anything outside the dump's scope). */
  usage: 2,
  /** The store cannot be opened or reached (a missing database, refused credentials, an unreachable host, a locked folder). */
  storeUnavailable: 3,
  /** `import` finished, but some lines were refused (each with its reason on stderr, or in `--json`). */
  refused: 4,
  /** `forget` was not confirmed: nothing was erased. */
  notConfirmed: 5,
  /** A row outside the asked scope came back (`ScopeViolation`): nothing more was done. */
  scopeViolation: 6,
} as const;

/** One of {@link exitCodes}. */
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/** A failure the command reports in one line on stderr and exits with `exitCode`. */
export class CommandFailure extends Error {
  readonly exitCode: ExitCode;

  constructor(message: string, exitCode: ExitCode) {
    super(message);
    this.name = 'CommandFailure';
    this.exitCode = exitCode;
  }
}
