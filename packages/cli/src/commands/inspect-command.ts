import {
  flatten,
  formatScope,
  type MemoryRecord,
  type MemoryScope,
  type MemoryStore,
  type ScopeSummary,
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
    readonly scopes: number;
    readonly turns: number;
  };
  readonly memories: readonly MemoryRecord[];
  /** The facts `hydrate` pins into every block at this scope, whatever the cue (its default pinned options). */
  readonly pinned: readonly MemoryRecord[];
  /** The scopes at or below this one that hold memories or turns (below a user: the conversations). */
  readonly scopes: readonly ScopeSummary[];
}

/** Every scope at or below `scope` that holds something, page after page. */
async function allScopes(store: MemoryStore, scope: MemoryScope): Promise<ScopeSummary[]> {
  const summaries: ScopeSummary[] = [];
  let after: string | undefined;
  do {
    const page = await store.scopes(
      scope,
      after === undefined ? { limit: 1_000 } : { after, limit: 1_000 },
    );
    summaries.push(...page.scopes);
    after = page.nextCursor;
  } while (after !== undefined);
  return summaries;
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
  const scopes = await allScopes(store, scope);
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
      scopes: scopes.length,
      turns: scopes.reduce((total, summary) => total + summary.turns, 0),
    },
    memories,
    pinned,
    scopes,
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
    `scopes holding memories or turns: ${counts.scopes} (turns ${counts.turns})`,
    '',
    'memories',
    ...(report.memories.length === 0
      ? ['  (none)']
      : report.memories.map((m) => `  ${memoryLine(m)}`)),
    '',
    'pinned facts',
    ...(report.pinned.length === 0 ? ['  (none)'] : report.pinned.map((m) => `  ${memoryLine(m)}`)),
    '',
    "scopes (a user's conversations)",
    ...(report.scopes.length === 0
      ? ['  (none)']
      : report.scopes.map(
          (summary) =>
            `  ${formatScope(summary.scope)}  memories ${summary.memories}, deleted ${summary.deleted}, turns ${summary.turns}, last ${summary.lastActivity.toISOString()}`,
        )),
  ];
  await write(io.stdout, `${lines.join('\n')}\n`);
}
