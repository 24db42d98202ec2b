import { createInterface } from 'node:readline';
import { type ForgetResult, formatScope, type MemoryScope, type MemoryStore } from '@symfonic/core';
import { type CommandIo, write } from '../command-io.js';
import { CommandFailure, exitCodes } from '../exit-codes.js';

/** Ask on stderr and read one answer line from stdin; true only for `y` or `yes`. */
async function confirmed(io: CommandIo, question: string): Promise<boolean> {
  await write(io.stderr, question);
  const lines = createInterface({ input: io.stdin, terminal: false });
  try {
    for await (const line of lines) return /^\s*y(es)?\s*$/i.test(line);
    return false;
  } finally {
    lines.close();
  }
}

/**
 * Erase `scope` and everything below it (memories, their history, turns),
 * after asking on stderr unless `yes`.
 *
 * @throws CommandFailure (not confirmed) when the answer is not `y`/`yes`; nothing was erased.
 */
export async function forgetScope(
  io: CommandIo,
  store: MemoryStore,
  scope: MemoryScope,
  yes: boolean,
): Promise<ForgetResult> {
  const name = formatScope(scope);
  if (
    !yes &&
    !(await confirmed(
      io,
      `Erase ${name} and everything below it (memories, their history, turns)? This cannot be undone. [y/N] `,
    ))
  ) {
    throw new CommandFailure(
      `not confirmed: nothing was erased (answer y, or pass --yes)`,
      exitCodes.notConfirmed,
    );
  }
  return store.forget(scope);
}

/** Print what was erased. */
export async function printForget(
  io: CommandIo,
  scope: MemoryScope,
  result: ForgetResult,
  json: boolean,
): Promise<void> {
  const text = json
    ? JSON.stringify({ scope: formatScope(scope), ...result })
    : `erased ${formatScope(scope)}: ${result.memories} memories, ${result.turns} turns`;
  await write(io.stdout, `${text}\n`);
}
