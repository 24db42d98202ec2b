import {
  flatten,
  formatScope,
  type MemoryRecord,
  type MemoryScope,
  type MemoryStore,
} from '@symfonic/core';
import { recallOptionsSchema } from '@symfonic/memory';
import { type CommandIo, write } from '../command-io.js';

/** What `symfonic inspect` reports of a scope. */
export interface InspectReport {
  readonly scope: string;
  readonly counts: {
    readonly memories: number;
    readonly semantic: number;
    readonly episodic: number;
    readonly working: number;
    readonly pinned: number;
  };
  readonly memories: readonly MemoryRecord[];
  /** The facts `hydrate` pins into every block at this scope, whatever the cue (its default pinned options). */
  readonly pinned: readonly MemoryRecord[];
}

/** Every live memory visible to `scope`, oldest first, page after page. */
async function allMemories(store: MemoryStore, scope: MemoryScope): Promise<MemoryRecord[]> {
  const records: MemoryRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list(scope, cursor === undefined ? {} : { cursor });
    records.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return records;
}

/** Read what `symfonic inspect` shows: the memories visible to `scope`, its pinned facts and the counts. */
export async function inspectScope(store: MemoryStore, scope: MemoryScope): Promise<InspectReport> {
  const memories = await allMemories(store, scope);
  const { pinned: pinnedOptions } = recallOptionsSchema.parse({});
  const pinned = await store.pinned(scope, {
    minSalience: pinnedOptions.minSalience,
    limit: pinnedOptions.limit,
  });
  const count = (layer: MemoryRecord['layer']) =>
    memories.filter((record) => record.layer === layer).length;
  return {
    scope: formatScope(scope),
    counts: {
      memories: memories.length,
      semantic: count('semantic'),
      episodic: count('episodic'),
      working: count('working'),
      pinned: pinned.length,
    },
    memories,
    pinned,
  };
}

/** One memory on one line: id, layer, salience, where it lives, when it last changed, its text (flattened). */
export function memoryLine(record: MemoryRecord): string {
  const text = flatten(record.text);
  return `${record.id}  [${record.layer}] ${record.salience.toFixed(2)}  ${formatScope(record.scope)}  ${record.updatedAt.toISOString()}  ${text}`;
}

/** Print `report` for a person, or as one JSON document with `json`. */
export async function printInspect(
  io: CommandIo,
  report: InspectReport,
  json: boolean,
): Promise<void> {
  if (json) {
    await write(io.stdout, `${JSON.stringify(report)}\n`);
    return;
  }
  const { counts } = report;
  const lines = [
    `scope ${report.scope}`,
    `memories: ${counts.memories} (semantic ${counts.semantic}, episodic ${counts.episodic}, working ${counts.working})`,
    `pinned facts: ${counts.pinned}`,
    '',
    'memories',
    ...(report.memories.length === 0
      ? ['  (none)']
      : report.memories.map((m) => `  ${memoryLine(m)}`)),
    '',
    'pinned facts',
    ...(report.pinned.length === 0 ? ['  (none)'] : report.pinned.map((m) => `  ${memoryLine(m)}`)),
  ];
  await write(io.stdout, `${lines.join('\n')}\n`);
}
