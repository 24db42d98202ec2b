import { flatten, type MemoryScope } from '@symfonic/core';
import { createMemory, type MemoryBlock } from '@symfonic/memory';
import type { OpenedStore } from '@symfonic/open-store';
import { type CommandIo, write } from '../command-io.js';

/**
 * The block `hydrate` builds at `scope` for `cue`, with the same store,
 * embedder and default options as an app that opened the store with
 * `openStore` and gave `createMemory` its embedder.
 */
export function recallBlock(
  opened: OpenedStore,
  scope: MemoryScope,
  cue: string,
): Promise<MemoryBlock> {
  const memory = createMemory({
    store: opened.store,
    ...(opened.embedder === undefined ? {} : { embedder: opened.embedder }),
  });
  return memory.hydrate(scope, cue);
}

/**
 * Print the block as the model would see it, then every row left out with
 * its reason and the conditions recall ran under; with `json`, the whole
 * block as one JSON document.
 */
export async function printRecall(io: CommandIo, block: MemoryBlock, json: boolean): Promise<void> {
  if (json) {
    await write(io.stdout, `${JSON.stringify(block)}\n`);
    return;
  }
  const lines = [
    'block',
    ...(block.text === '' ? ['  (empty)'] : block.text.split('\n').map((line) => `  ${line}`)),
    '',
    `recalled: ${block.recalled.length} (${block.recalled.filter((memory) => memory.pinned).length} pinned)`,
    ...block.recalled.map(
      (memory) =>
        `  #${memory.ref.replace(/^#/, '')} ${memory.record.id}  score ${memory.score.toFixed(4)}  relevance ${memory.relevance.toFixed(4)}${memory.pinned ? '  pinned' : ''}`,
    ),
    '',
    `dropped: ${block.dropped.length}`,
    ...block.dropped.map((row) => `  ${row.id}  ${flatten(row.reason)}`),
    '',
    `conditions: ${block.degraded.conditions.length === 0 ? 'none' : block.degraded.conditions.map((condition) => condition.code).join(', ')}`,
  ];
  await write(io.stdout, `${lines.join('\n')}\n`);
}
