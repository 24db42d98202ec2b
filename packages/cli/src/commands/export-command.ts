import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { exportScope } from '@symfonic/dump';
import { type CommandIo, write } from '../command-io.js';
import { progressBar } from '../progress-bar.js';

/**
 * Write the `symfonic-dump/1` dump of `scope` to stdout, one JSON text per
 * line, with a progress bar on stderr when it is a terminal.
 */
export async function exportToStdout(
  io: CommandIo,
  store: MemoryStore,
  scope: MemoryScope,
): Promise<void> {
  const bar = progressBar(io.stderr, 'exporting', 'memories and turns');
  try {
    for await (const line of exportScope(store, scope, {
      onProgress: ({ memories, turns }) => bar.update(memories + turns),
    })) {
      await write(io.stdout, `${line}\n`);
    }
  } finally {
    bar.stop();
  }
}
