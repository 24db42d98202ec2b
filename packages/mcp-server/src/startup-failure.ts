/**
 * Why the server cannot start, as the one line `symfonic-mcp` prints on
 * stderr before it exits with `exitCode`: 2 for a bad flag or file, 3 for a
 * database that cannot be reached or opened.
 */
export class StartupFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: 2 | 3 = 2,
  ) {
    super(message);
    this.name = 'StartupFailure';
  }
}
