import {
  checkLoggedTurn,
  checkRestoredMemory,
  type ExclusiveRestore,
  InvalidMemoryInput,
  isWithin,
  Limits,
  type LoggedTurn,
  type MemoryScope,
  type MemoryStore,
  parseInput,
  type RestoredMemory,
  type RestoreOutcome,
  type RestoreResult,
  sameScope,
  toScope,
} from '@symfonic/core';
import type { z } from 'zod';
import { type DumpHeader, dumpEndSchema, dumpFormat, dumpHeaderSchema } from './dump-format.js';
import {
  type ImportProgress,
  type ImportReport,
  type LineCounts,
  LineRefusal,
  type LineRefusalCode,
  type RefusedLine,
} from './import-report.js';
import {
  type MemoryLineFields,
  memoryLineFieldsSchema,
  type TurnLineFields,
  turnLineFieldsSchema,
} from './line-fields.js';
import { remappedMemoryId } from './remapped-memory-id.js';

/**
 * Moves every line at or below `from` to the same place below `to` (another
 * tenant, another user). A remap that moves (`to` is not `from`) gives each
 * memory a new id derived from its old id and the scope it lands at (see
 * `remappedMemoryId`): the copy is another memory, so it can sit in the same
 * database as the original, and the same remap run again finds it present.
 * Turn ids are kept (they are unique per scope, not per store).
 */
export interface ScopeRemap {
  readonly from: MemoryScope;
  readonly to: MemoryScope;
}

/** Options of {@link importScope}. */
export interface ImportOptions {
  /**
   * The scope the import may write to. The dump's scope (after `remap`)
   * must be at or below it; a dump of another tenant is refused whole
   * unless `remap` moves it there. Absent: the dump's own scope (after `remap`).
   */
  readonly into?: MemoryScope;
  /**
   * Moves the dump's lines to another scope, another tenant included (an
   * explicit choice), with new memory ids (see {@link ScopeRemap}).
   */
  readonly remap?: ScopeRemap;
  /** Called after every batch written. */
  readonly onProgress?: (progress: ImportProgress) => void;
  /**
   * Stops the import between two batches: the batches already written stay
   * (each whole), nothing of the next is written, and the promise rejects
   * with the signal's reason.
   */
  readonly signal?: AbortSignal;
  /**
   * The database is the import's own while it runs (a new database, or a
   * maintenance window): nothing else reads or writes it. The import then
   * runs in the store's exclusive restore (`MemoryStore.openExclusiveRestore`;
   * the PostgreSQL store drops its GIN indexes and builds them once at the
   * end, also when the import fails or is aborted), with the same result as
   * without. Default `false`.
   */
  readonly exclusive?: boolean;
  /** Memory and turn lines per `restore` call (one transaction each); at most {@link Limits.restoreBatch}. */
  readonly batchSize?: number;
}

/** The batch size when none is asked for: a store's largest. */
const defaultBatchSize = Limits.restoreBatch;

/**
 * Lines read between two yields to the event loop while the store writes a
 * batch: checking a line takes tens of microseconds, so a store's reply
 * waits at most a millisecond or two, where without yields it would wait
 * for the whole next batch to be checked (each `restore` is a few round
 * trips in a row, so the store would sit idle meanwhile).
 */
const linesBetweenYields = 32;

/** A promise settled on the event loop's next turn, after pending I/O callbacks. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}

interface PendingLine {
  readonly line: number;
  readonly kind: 'memory' | 'turn';
  readonly id: string;
}

/**
 * Restore a `symfonic-dump/1` dump into `store`: same ids, versions, times
 * and provenance, through `MemoryStore.restore`, in batches that each land
 * whole or not at all, one at a time and in order (the next batch is read
 * and checked while the store writes one). Running it again imports nothing twice: every line
 * already held is `present`. Every memory and turn line ends up imported,
 * present or refused with its reason (see {@link ImportReport}); a dump cut
 * short is reported as not `complete`.
 *
 * `lines` are the dump's lines, one JSON text each (a trailing `\r` and
 * blank lines are ignored).
 *
 * With `exclusive`, the store's exclusive restore is opened once the header
 * is read and ended before the promise settles, whichever way it settles.
 *
 * @throws InvalidMemoryInput when the first line is not a `symfonic-dump/1`
 * header, when the options are malformed, or when the dump would land in
 * another tenant than `into`'s without a `remap`; nothing is written.
 * @throws ExclusiveRestoreRefused with `exclusive`, when the store holds rows
 * outside the dump's scope (its database is not the import's own); nothing is written.
 * @throws MemoryUnavailable when the store cannot be reached; the batches
 * written before stay, the failing one is not written.
 */
export async function importScope(
  store: MemoryStore,
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const batchSize = options.batchSize ?? defaultBatchSize;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > Limits.restoreBatch) {
    throw new InvalidMemoryInput(
      `invalid import batch size: it must be a whole number from 1 to ${Limits.restoreBatch}`,
    );
  }
  const remap =
    options.remap === undefined
      ? undefined
      : { from: toScope(options.remap.from), to: toScope(options.remap.to) };
  const into = options.into === undefined ? undefined : toScope(options.into);
  const mintsIds = remap !== undefined && !sameScope(remap.from, remap.to);
  if (options.exclusive === true && store.openExclusiveRestore === undefined) {
    throw new InvalidMemoryInput('invalid import options: this store has no exclusive restore');
  }

  const imported = { memories: 0, turns: 0 };
  const present = { memories: 0, turns: 0 };
  const refused: RefusedLine[] = [];
  const read = { memories: 0, turns: 0 };
  let lineNumber = 0;
  let target: MemoryScope | undefined;
  let end: LineCounts | undefined;
  let memories: RestoredMemory[] = [];
  let turns: LoggedTurn[] = [];
  let pending: PendingLine[] = [];

  const refuse = (line: RefusedLine) => {
    refused.push(line);
  };
  const count = (outcome: RestoreOutcome, line: PendingLine) => {
    const bucket = line.kind === 'memory' ? 'memories' : 'turns';
    if (outcome.status === 'imported') imported[bucket] += 1;
    else if (outcome.status === 'present') present[bucket] += 1;
    else refuse({ ...line, code: outcome.code, reason: outcome.reason });
  };
  const tally = (result: RestoreResult, sent: readonly PendingLine[], linesRead: number) => {
    const memoryLines = sent.filter((line) => line.kind === 'memory');
    const turnLines = sent.filter((line) => line.kind === 'turn');
    for (const [index, outcome] of result.memories.entries()) {
      count(outcome, memoryLines[index] as PendingLine);
    }
    for (const [index, outcome] of result.turns.entries()) {
      count(outcome, turnLines[index] as PendingLine);
    }
    options.onProgress?.({
      lines: linesRead,
      imported: { ...imported },
      present: { ...present },
      refused: refused.length,
    });
  };
  // One batch at a time in the store, in order; the next one is read and checked meanwhile.
  let writing: Promise<void> | undefined;
  let storeBusy = false;
  const flush = async () => {
    if (pending.length === 0 || target === undefined) return;
    const batch = { memories, turns };
    const sent = pending;
    const linesRead = lineNumber;
    memories = [];
    turns = [];
    pending = [];
    await writing;
    options.signal?.throwIfAborted();
    storeBusy = true;
    const write = store
      .restore(target, batch)
      .then((result) => tally(result, sent, linesRead))
      .finally(() => {
        storeBusy = false;
      });
    // Awaited by the next flush or at the end; marked handled so a failure waits for that.
    write.catch(() => undefined);
    writing = write;
  };

  let session: ExclusiveRestore | undefined;
  try {
    for await (const raw of lines) {
      lineNumber += 1;
      // Reading a batch never waits on I/O by itself: while the store writes, let its replies in.
      if (storeBusy && lineNumber % linesBetweenYields === 0) await nextTask();
      const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (text.trim().length === 0) continue;
      const json = parseJson(text);
      if (target === undefined) {
        target = targetOf(readHeader(json), remap, into);
        if (options.exclusive === true) session = await store.openExclusiveRestore?.(target);
        continue;
      }
      const kind = kindOf(json);
      if (end !== undefined || kind === 'header' || kind === 'end') {
        if (kind === 'end' && end === undefined) {
          const parsed = dumpEndSchema.safeParse(json);
          if (parsed.success) {
            end = { memories: parsed.data.memories, turns: parsed.data.turns };
            continue;
          }
        }
        refuse({
          line: lineNumber,
          kind: kind === 'memory' || kind === 'turn' ? kind : 'unknown',
          code: LineRefusal.misplaced,
          reason:
            end === undefined
              ? `a "${kind}" line can only come ${kind === 'header' ? 'first' : 'last'}`
              : 'a line after the end line',
        });
        continue;
      }
      if (kind === 'memory') read.memories += 1;
      else if (kind === 'turn') read.turns += 1;
      const entry = await readEntry(json, kind, lineNumber, remap, target, mintsIds);
      if ('refusal' in entry) {
        refuse(entry.refusal);
        continue;
      }
      if (entry.kind === 'memory') memories.push(entry.memory);
      else turns.push(entry.turn);
      pending.push({ line: lineNumber, kind: entry.kind, id: entry.id });
      if (pending.length >= batchSize) await flush();
    }
    if (target === undefined) {
      throw new InvalidMemoryInput(
        `invalid dump: it is empty (a ${dumpFormat} dump starts with a header line)`,
      );
    }
    await flush();
    await writing;
  } finally {
    if (session !== undefined) {
      // The batch in the store lands (or fails) before the indexes are built again.
      await writing?.catch(() => undefined);
      await session.end();
    }
  }
  const complete = end !== undefined && end.memories === read.memories && end.turns === read.turns;
  return { imported, present, refused, complete };
}

/** The JSON value of a line, or the marker of one that is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return notJson;
  }
}

const notJson = Symbol('not JSON');

function kindOf(json: unknown): string {
  if (json === notJson) return 'not JSON';
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'not an object';
  const kind = (json as { kind?: unknown }).kind;
  return typeof kind === 'string' ? kind : 'no kind';
}

/** @throws InvalidMemoryInput when `json` is not a header of this format. */
function readHeader(json: unknown): DumpHeader {
  const format = (json as { format?: unknown } | null)?.format;
  if (kindOf(json) === 'header' && typeof format === 'string' && format !== dumpFormat) {
    throw new InvalidMemoryInput(
      `invalid dump: its format is "${format.slice(0, 64)}", and this version reads "${dumpFormat}" only`,
    );
  }
  if (kindOf(json) !== 'header') {
    throw new InvalidMemoryInput(
      `invalid dump: the first line must be a "${dumpFormat}" header, not ${kindOf(json) === 'not JSON' ? 'a line that is not JSON' : `a "${kindOf(json)}" line`}`,
    );
  }
  return parseInput(dumpHeaderSchema, json, 'dump header');
}

/**
 * The scope an import writes to: the dump's own (after `remap`), checked
 * against `into`.
 *
 * @throws InvalidMemoryInput when the remap does not cover the dump's scope,
 * or the dump would land outside `into` (another tenant's above all).
 */
function targetOf(
  header: DumpHeader,
  remap: ScopeRemap | undefined,
  into: MemoryScope | undefined,
): MemoryScope {
  let scope = header.scope;
  if (remap !== undefined) {
    if (!isWithin(scope, remap.from)) {
      throw new InvalidMemoryInput(
        `invalid remap: the dump's scope "${text(scope)}" is not at or below the remap's "from" scope "${text(remap.from)}"`,
      );
    }
    scope = moved(scope, remap);
  }
  if (into === undefined) return scope;
  if (scope.tenant !== into.tenant) {
    throw new InvalidMemoryInput(
      `refused dump: it holds tenant "${scope.tenant}", and importing it into tenant "${into.tenant}" crosses tenants; pass remap: { from: ${JSON.stringify(text(header.scope))} as a scope, to: the scope to import into } to move it explicitly`,
    );
  }
  if (!isWithin(scope, into)) {
    throw new InvalidMemoryInput(
      `refused dump: its scope "${text(scope)}" is not at or below "${text(into)}"; pass remap to move it there`,
    );
  }
  return scope;
}

function text(scope: MemoryScope): string {
  return [scope.tenant, ...scope.path].join('/');
}

/** `scope` (at or below `remap.from`) moved to the same place below `remap.to`. */
function moved(scope: MemoryScope, remap: ScopeRemap): MemoryScope {
  return {
    tenant: remap.to.tenant,
    path: [...remap.to.path, ...scope.path.slice(remap.from.path.length)],
  };
}

type Entry =
  | { readonly kind: 'memory'; readonly id: string; readonly memory: RestoredMemory }
  | { readonly kind: 'turn'; readonly id: string; readonly turn: LoggedTurn }
  | { readonly refusal: RefusedLine };

/**
 * A memory or turn line, checked and placed (remapped), or the reason it is
 * refused. Each field is checked once: the line's own fields (its kind and
 * times, whether it is deleted, which keys it has) by
 * {@link memoryLineFieldsSchema} or {@link turnLineFieldsSchema}, the rest
 * by core as a restore checks it (`checkRestoredMemory`, `checkLoggedTurn`),
 * whose checked entry the store then takes without parsing it again. A
 * remap that mints ids (`mintsIds`) gives the memory its new id before core
 * checks it.
 */
async function readEntry(
  json: unknown,
  kind: string,
  line: number,
  remap: ScopeRemap | undefined,
  target: MemoryScope,
  mintsIds: boolean,
): Promise<Entry> {
  const id = idOf(json);
  const refusal = (code: LineRefusalCode, reason: string, lineKind = kind): Entry => ({
    refusal: {
      line,
      kind: lineKind === 'memory' || lineKind === 'turn' ? lineKind : 'unknown',
      ...(id === undefined ? {} : { id }),
      code,
      reason,
    },
  });
  if (kind !== 'memory' && kind !== 'turn') {
    return refusal(
      LineRefusal.malformed,
      `expected a "memory" or "turn" line, found ${kind === 'not JSON' || kind === 'not an object' || kind === 'no kind' ? kind : `a "${kind}" line`}`,
    );
  }
  const parsed =
    kind === 'memory'
      ? memoryLineFieldsSchema.safeParse(json)
      : turnLineFieldsSchema.safeParse(json);
  if (!parsed.success) return refusal(LineRefusal.malformed, summary(parsed.error));
  const fields = parsed.data;
  const scope =
    remap === undefined || !isWithin(fields.scope, remap.from)
      ? fields.scope
      : moved(fields.scope, remap);
  if (!isWithin(scope, target)) {
    return refusal(
      LineRefusal.outsideScope,
      `its scope "${text(scope)}" is not at or below the dump's scope "${text(target)}"`,
    );
  }
  if (fields.kind === 'turn') return turnEntry(fields, scope, refusal);
  const memoryId = mintsIds ? await remappedMemoryId(fields.id, scope) : fields.id;
  return memoryEntry(fields, scope, memoryId, refusal);
}

function turnEntry(
  fields: TurnLineFields,
  scope: MemoryScope,
  refusal: (code: LineRefusalCode, reason: string) => Entry,
): Entry {
  const checked = checkLoggedTurn({
    scope,
    turnId: fields.turnId,
    speaker: fields.speaker,
    text: fields.text,
    turn: fields.turn,
    at: new Date(fields.at),
  });
  if (!checked.success) return refusal(LineRefusal.malformed, summary(checked.error));
  return { kind: 'turn', id: checked.entry.turnId, turn: checked.entry };
}

function memoryEntry(
  fields: MemoryLineFields,
  scope: MemoryScope,
  id: string,
  refusal: (code: LineRefusalCode, reason: string) => Entry,
): Entry {
  const first = fields.versions[0];
  const last = fields.versions.at(-1);
  if (first?.at !== fields.createdAt || last?.at !== fields.updatedAt) {
    return refusal(
      LineRefusal.malformed,
      'createdAt and updatedAt must be the times of the first and the last version',
    );
  }
  if ((last.change === 'deleted') !== fields.deleted) {
    return refusal(
      LineRefusal.malformed,
      '"deleted" must say whether the last version is a deletion',
    );
  }
  const checked = checkRestoredMemory({
    id,
    scope,
    ...(fields.metadata === undefined ? {} : { metadata: fields.metadata }),
    versions: fields.versions.map((version) => ({
      ...version,
      memoryId: id,
      at: new Date(version.at),
    })),
  });
  if (!checked.success) return refusal(LineRefusal.malformed, summary(checked.error));
  return { kind: 'memory', id: fields.id, memory: checked.entry };
}

function idOf(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { id, turnId } = json as { id?: unknown; turnId?: unknown };
  const value = typeof id === 'string' ? id : typeof turnId === 'string' ? turnId : undefined;
  return value === undefined ? undefined : value.slice(0, Limits.id);
}

/**
 * The first issues of a refused line, by path and rule (never the values).
 * A version's `memoryId` is the line's `id`, so its issues repeat the `id`'s.
 */
function summary(error: z.ZodError): string {
  return error.issues
    .filter((issue) => !(issue.path[0] === 'versions' && issue.path[2] === 'memoryId'))
    .slice(0, 3)
    .map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}
