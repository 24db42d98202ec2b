import {
  flatten,
  formatScope,
  type MemoryChange,
  type MemoryScope,
  type MemoryStore,
} from '@symfonic/core';
import { type CommandIo, write } from '../command-io.js';

/** The largest page the feed answers. */
const pageSize = 1_000;

/** One change on one line: when, which memory and version, what happened, where, and the text as of that version. */
export function changeLine(change: MemoryChange): string {
  return `${change.at.toISOString()}  ${change.memoryId} v${change.version} ${change.change}  [${change.layer}] ${formatScope(change.scope)}  ${flatten(change.text)}`;
}

/**
 * Print the change feed of `scope` (every version of every memory visible
 * to it, deletions included, oldest first), page by page: one line per
 * change, or one JSON text per change with `json`.
 */
export async function printTimeline(
  io: CommandIo,
  store: MemoryStore,
  scope: MemoryScope,
  json: boolean,
): Promise<number> {
  let after: string | undefined;
  let count = 0;
  do {
    const page = await store.changes(
      scope,
      after === undefined ? { limit: pageSize } : { after, limit: pageSize },
    );
    const text = page.changes.map((change) => (json ? JSON.stringify(change) : changeLine(change)));
    if (text.length > 0) await write(io.stdout, `${text.join('\n')}\n`);
    count += page.changes.length;
    after = page.nextCursor;
  } while (after !== undefined);
  return count;
}
