import {
  isWithin,
  type MemoryChange,
  type MemoryRecord,
  type MemoryScope,
  type MemoryStore,
  toScope,
} from '@symfonic/core';
import { type DumpLine, type DumpMemory, type DumpVersion, dumpFormat } from './dump-format.js';
import { sortedKeys } from './sorted-keys.js';

/** Options of {@link exportScope}. */
export interface ExportOptions {
  /** Stops the export between two pages: the iterator then throws the signal's reason. */
  readonly signal?: AbortSignal;
  /** Called after every page read, with the memory and turn lines written so far. */
  readonly onProgress?: (progress: { readonly memories: number; readonly turns: number }) => void;
}

/** The page size the export reads the store with (the largest every store answers). */
const pageSize = 1_000;

/**
 * The `symfonic-dump/1` dump of `scope`, one JSON text per yielded string
 * (no newline: join them with `\n`): a header line (its `exportedAt` is the
 * time of the latest change the scope holds, not the wall clock), then every memory at or
 * below `scope` with every version (live ones in `list` order, then deleted
 * ones by their first change), then every turn at or below it (by scope,
 * turn number, then the order they were logged in), then an end line with
 * the counts. Memories of ancestors are not part of a scope's dump: they
 * belong to the ancestor's.
 *
 * Metadata keys are written in code point order, and the header's time is
 * the data's, so the same memories give the same dump, byte for byte,
 * whichever store holds them and whenever it is exported.
 *
 * The history of the scope is read once, through `changes`, and held in
 * memory until its memory's line is written (about one kilobyte per version).
 *
 * @throws InvalidMemoryInput for a malformed scope.
 * @throws MemoryUnavailable when the store cannot be reached.
 */
export async function* exportScope(
  store: MemoryStore,
  scope: MemoryScope,
  options: ExportOptions = {},
): AsyncGenerator<string, void, undefined> {
  const valid = toScope(scope);
  const write = (line: DumpLine) => JSON.stringify(line);
  const progress = { memories: 0, turns: 0 };
  yield write({
    kind: 'header',
    format: dumpFormat,
    scope: valid,
    exportedAt: (await latestActivity(store, valid, options.signal)).toISOString(),
  });
  const histories = new Map<string, MemoryChange[]>();
  for await (const page of pages((after) => store.changes(valid, { after, limit: pageSize }))) {
    options.signal?.throwIfAborted();
    for (const change of page.changes) {
      if (!isWithin(change.scope, valid)) continue;
      const history = histories.get(change.memoryId);
      if (history) history.push(change);
      else histories.set(change.memoryId, [change]);
    }
  }
  for await (const page of pages((cursor) =>
    store.list(valid, { cursor, limit: pageSize }).then((listed) => ({
      items: listed.records,
      nextCursor: listed.nextCursor,
    })),
  )) {
    options.signal?.throwIfAborted();
    for (const record of page.items) {
      const history = histories.get(record.id);
      if (!history) continue;
      histories.delete(record.id);
      yield write(memoryLine(history, record));
      progress.memories += 1;
    }
    options.onProgress?.({ ...progress });
  }
  for (const history of histories.values()) {
    yield write(memoryLine(history, undefined));
    progress.memories += 1;
  }
  for await (const page of pages((after) => store.turns(valid, { after, limit: pageSize }))) {
    options.signal?.throwIfAborted();
    for (const turn of page.turns) {
      yield write({
        kind: 'turn',
        scope: turn.scope,
        turnId: turn.turnId,
        speaker: turn.speaker,
        text: turn.text,
        turn: turn.turn,
        at: turn.at.toISOString(),
      });
      progress.turns += 1;
    }
    options.onProgress?.({ ...progress });
  }
  yield write({ kind: 'end', ...progress });
}

/**
 * The latest time a memory version or a turn was written at or below
 * `scope` (what `scopes` reports as each scope's last activity), or the Unix
 * epoch when it holds nothing: the state a dump is of, which the same data
 * gives in every store, where the wall clock of the export would differ.
 */
async function latestActivity(
  store: MemoryStore,
  scope: MemoryScope,
  signal: AbortSignal | undefined,
): Promise<Date> {
  let latest = 0;
  for await (const page of pages((after) => store.scopes(scope, { after, limit: pageSize }))) {
    signal?.throwIfAborted();
    for (const summary of page.scopes) latest = Math.max(latest, summary.lastActivity.getTime());
  }
  return new Date(latest);
}

/** Every page of a paged read, following `nextCursor` until the last page. */
async function* pages<Page extends { readonly nextCursor?: string | undefined }>(
  read: (after: string | undefined) => Promise<Page>,
): AsyncGenerator<Page, void, undefined> {
  let after: string | undefined;
  do {
    const page = await read(after);
    yield page;
    after = page.nextCursor;
  } while (after !== undefined);
}

/** The memory line of one memory's history (oldest first), with its live record when it has one. */
function memoryLine(history: readonly MemoryChange[], record: MemoryRecord | undefined): DumpLine {
  const first = history[0] as MemoryChange;
  const last = history.at(-1) as MemoryChange;
  return {
    kind: 'memory',
    id: first.memoryId,
    scope: first.scope,
    createdAt: first.at.toISOString(),
    updatedAt: last.at.toISOString(),
    deleted: last.change === 'deleted',
    ...(record?.metadata === undefined
      ? {}
      : { metadata: sortedKeys(record.metadata) as DumpMemory['metadata'] }),
    versions: [...history].sort((left, right) => left.version - right.version).map(versionOf),
  };
}

function versionOf(change: MemoryChange): DumpVersion {
  return {
    version: change.version,
    change: change.change,
    layer: change.layer as DumpVersion['layer'],
    text: change.text,
    ...(change.context === undefined ? {} : { context: change.context }),
    salience: change.salience,
    provenance: change.provenance,
    at: change.at.toISOString(),
  };
}
