import { CommanderError } from 'commander';
import type { CommandIo } from './command-io.js';
import { CommandFailure, type ExitCode, exitCodes } from './exit-codes.js';
import { symfonicProgram } from './symfonic-program.js';
import { terminalText } from './terminal-text.js';

/**
 * Run `symfonic` with `args` (without `node` and the script) and answer its
 * exit code: a failure is one line on stderr, `symfonic: <what is wrong>`,
 * escaped for the terminal (a message may quote a dump's field; see `terminalText`).
 */
export async function runSymfonic(
  args: readonly string[],
  io: CommandIo,
  version: string,
): Promise<ExitCode> {
  const program = symfonicProgram(io, version);
  try {
    await program.parseAsync([...args], { from: 'user' });
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version print and succeed; every other parse failure is a usage error, already printed.
      return error.exitCode === 0 ? exitCodes.ok : exitCodes.usage;
    }
    if (error instanceof CommandFailure) {
      io.stderr.write(`symfonic: ${terminalText(error.message)}\n`);
      return error.exitCode;
    }
    io.stderr.write(
      `symfonic: ${terminalText(error instanceof Error ? error.message : String(error))}\n`,
    );
    return exitCodes.failed;
  }
}
