import {
  InvalidMemoryInput,
  Limits,
  type MemoryOpInput,
  type MemoryRecord,
  type MemoryScope,
  type MemoryStore,
  parseInput,
  RejectionCode,
  requireVisible,
  sameScope,
  toScope,
} from '@symfonic/core';
import { z } from 'zod';

/** One turn of a conversation to import, as an app holds it. */
export interface ImportedTurn {
  /** The turn's id in its conversation: what makes an import idempotent. */
  readonly turnId: string;
  /** Who said it (`''` when unknown); the memory reads `speaker: text`. */
  readonly speaker: string;
  readonly text: string;
  /**
   * When it was said, if known: a `Date` (written as UTC to the minute,
   * `2023-05-08 13:56 UTC`) or the label the source uses, kept as written
   * (`1:56 pm on 8 May, 2023`). The memory reads `[when] speaker: text`.
   */
  readonly at?: Date | string;
}

/** Options of {@link importConversation}. */
export interface ImportOptions {
  /** The provenance writer of every memory written, and whose earlier imports count; `'symfonic-import'` by default. */
  readonly writer?: string;
  /** Salience of every memory written; 0.5 by default. */
  readonly salience?: number;
  /**
   * How many turns before each one become its context (what it replies to),
   * nearest last; 1 by default, 0 for none. Context is searched, never rendered.
   */
  readonly contextTurns?: number;
  /** Turns per store write; 100 by default, at most `Limits.opsPerApply`. */
  readonly batchSize?: number;
  /** Called after every batch with how many turns of the input are settled. */
  readonly onProgress?: (progress: { readonly done: number; readonly total: number }) => void;
  /** Stops before the next batch; what was written stays, and a rerun resumes. */
  readonly signal?: AbortSignal;
}

/** A turn whose memory exists: written by this import, or by an earlier one. */
export interface ImportedMemory {
  readonly turnId: string;
  readonly memoryId: string;
}

/**
 * Why a turn an earlier import wrote is not written again although its
 * memory no longer stands as imported: `deleted-since`, its memory was
 * deleted after that import (writing it again would bring it back);
 * `updated-since`, its memory was updated after it (writing the turn again
 * would add back the text the update replaced).
 */
export type ChangedSince = 'deleted-since' | 'updated-since';

/** A turn an earlier import wrote; `reason` when its memory changed since (see {@link ChangedSince}). */
export interface AlreadyImportedMemory extends ImportedMemory {
  readonly reason?: ChangedSince;
}

/** A turn whose text another memory of the scope already holds: that memory stands for it. */
export interface MergedTurn extends ImportedMemory {
  readonly reason: string;
}

/** A turn that was not stored, and why. */
export interface RefusedTurn {
  /** Its position in the input. */
  readonly index: number;
  /** Its id, when it had a readable one. */
  readonly turnId?: string;
  readonly reason: string;
}

/** Where every turn of one import went: each input turn is in exactly one list. */
export interface ImportOutcome {
  /** Written by this call. */
  readonly imported: readonly ImportedMemory[];
  /**
   * Written by an earlier import of the same turn id at this scope by the
   * same writer: not written again, even when its memory was deleted or
   * updated since (then with the `reason`, and the memory's id).
   */
  readonly alreadyImported: readonly AlreadyImportedMemory[];
  /** Not written: another memory of the scope holds the same text. */
  readonly merged: readonly MergedTurn[];
  /** Not written: a malformed turn, a repeated turn id, or a memory the store refused. */
  readonly refused: readonly RefusedTurn[];
  /** How many written memories' context was cut to `Limits.memoryContext` (its nearest end kept). */
  readonly contextShortened: number;
}

/**
 * The ports an import needs: `apply` to write; `list`, `listDeleted` and
 * `history` to find what earlier imports wrote and what became of it.
 */
export type ImportPorts = Pick<MemoryStore, 'apply' | 'list' | 'listDeleted' | 'history'>;

const turnSchema = z
  .object({
    turnId: z.string().min(1).max(Limits.id),
    speaker: z.string().max(Limits.id),
    text: z.string(),
    at: z.union([z.date(), z.string().min(1).max(Limits.id)]).optional(),
  })
  .strict();

const optionsSchema = z
  .object({
    writer: z.string().min(1).max(Limits.id).default('symfonic-import'),
    salience: z.number().min(0).max(1).default(0.5),
    contextTurns: z.number().int().min(0).max(16).default(1),
    batchSize: z.number().int().min(1).max(Limits.opsPerApply).default(100),
    onProgress: z
      .custom<NonNullable<ImportOptions['onProgress']>>((value) => typeof value === 'function', {
        message: 'onProgress must be a function',
      })
      .optional(),
    signal: z.instanceof(AbortSignal, { message: 'signal must be an AbortSignal' }).optional(),
  })
  .strict();

/** `speaker: text`, with `[when] ` before it when the time is known. */
function saidText(turn: z.infer<typeof turnSchema>): string {
  const said = turn.speaker.length > 0 ? `${turn.speaker}: ${turn.text}` : turn.text;
  if (turn.at === undefined) return said;
  const when =
    typeof turn.at === 'string'
      ? turn.at
      : `${turn.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `[${when}] ${said}`;
}

/** The last `Limits.memoryContext` code points of `text`, and whether any were cut. */
function nearestEnd(text: string): { context: string; shortened: boolean } {
  const points = Array.from(text);
  if (points.length <= Limits.memoryContext) return { context: text, shortened: false };
  return { context: points.slice(-Limits.memoryContext).join(''), shortened: true };
}

/** What earlier imports by one writer at one scope left, as a rerun needs to know it. */
interface EarlierImports {
  /** Turn id → the memory an earlier import wrote for it, and how that memory changed since. */
  readonly byTurn: Map<string, { memoryId: string; reason?: ChangedSince }>;
  /** Text an earlier import wrote → the id of its memory, deleted since. */
  readonly deletedText: Map<string, string>;
}

/** Whether `memoryId` was created by `writer`: its first version says so. */
async function createdBy(
  store: ImportPorts,
  scope: MemoryScope,
  memoryId: string,
  writer: string,
): Promise<{ text: string } | undefined> {
  const [first] = await store.history(scope, memoryId);
  return first?.change === 'created' && first.provenance.writer === writer
    ? { text: first.text }
    : undefined;
}

/**
 * What earlier imports by `writer` at exactly `scope` left: every live
 * episodic memory there whose metadata names a turn, kept by that turn's id
 * (one another writer changed since counts when its history shows `writer`
 * created it: `updated-since`), and every memory deleted there that `writer`
 * created, kept by the text it was created with (a tombstone keeps no
 * metadata; the text an import writes is a function of the turn). A cost
 * linear in the scope's memories, plus one history read for each deleted
 * memory and each one another writer changed.
 */
async function earlierImports(
  store: ImportPorts,
  scope: MemoryScope,
  writer: string,
): Promise<EarlierImports> {
  const byTurn: EarlierImports['byTurn'] = new Map();
  const take = async (record: MemoryRecord) => {
    const turnId = record.metadata?.turnId;
    if (typeof turnId !== 'string' || !sameScope(record.scope, scope) || byTurn.has(turnId)) {
      return;
    }
    if (record.provenance.writer === writer) {
      byTurn.set(turnId, { memoryId: record.id });
    } else if (await createdBy(store, scope, record.id, writer)) {
      byTurn.set(turnId, { memoryId: record.id, reason: 'updated-since' });
    }
  };
  let cursor: string | undefined;
  do {
    const page = await store.list(scope, {
      layer: 'episodic',
      limit: 1_000,
      ...(cursor === undefined ? {} : { cursor }),
    });
    requireVisible(page.records, scope);
    for (const record of page.records) await take(record);
    cursor = page.nextCursor;
  } while (cursor !== undefined);

  const deletedText: EarlierImports['deletedText'] = new Map();
  let deletedCursor: string | undefined;
  do {
    const page = await store.listDeleted(scope, {
      limit: 1_000,
      ...(deletedCursor === undefined ? {} : { cursor: deletedCursor }),
    });
    for (const id of page.ids) {
      const created = await createdBy(store, scope, id, writer);
      if (created && !deletedText.has(created.text)) deletedText.set(created.text, id);
    }
    deletedCursor = page.nextCursor;
  } while (deletedCursor !== undefined);
  return { byTurn, deletedText };
}

/**
 * Import a conversation at `scope` as episodic memories, one per turn, in
 * order: text `[when] speaker: text` (see {@link ImportedTurn}), the
 * `contextTurns` turns before it as its context (so an answer is found by
 * the words of the question it answers), metadata `{ turnId, speaker, at? }`
 * (`at` as ISO text for a `Date`), provenance `{ writer }`. Turns are
 * written `batchSize` at a time, one store write each.
 *
 * Idempotent by turn id: a turn this writer already imported at this scope
 * is reported in `alreadyImported` and not written again, so an interrupted
 * import is finished by running it again. A rerun also respects what
 * happened since: a turn whose imported memory was deleted since is not
 * written again (`reason: 'deleted-since'`: nothing comes back), nor one
 * whose memory was updated since (`reason: 'updated-since'`: the old text
 * does not come back beside the new one); the store's history tells. Nothing is dropped silently: a
 * malformed turn, a turn id repeated in the input or a memory the store
 * refuses (e.g. text over `Limits.memoryText`) is in `refused` with the
 * reason, and the other turns are imported; a turn whose text another memory
 * of the scope holds is in `merged`, naming it.
 *
 * @throws InvalidMemoryInput when the scope, `turns` (not an array) or an option is malformed.
 * @throws ScopeViolation when the store lists a memory outside `scope`; nothing is written.
 * @throws MemoryUnavailable when the store cannot be reached; the batches before it are written.
 * @throws the signal's reason when `signal` aborts; the batches before it are written.
 */
export async function importConversation(
  store: ImportPorts,
  scope: MemoryScope,
  turns: readonly ImportedTurn[],
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  if (!Array.isArray(turns)) {
    throw new InvalidMemoryInput('the turns to import must be an array');
  }
  const asking = toScope(scope);
  const settings = parseInput(optionsSchema, options, 'import options');
  const { onProgress } = settings;
  const earlier = await earlierImports(store, asking, settings.writer);

  const imported: ImportedMemory[] = [];
  const alreadyImported: AlreadyImportedMemory[] = [];
  const merged: MergedTurn[] = [];
  const refused: RefusedTurn[] = [];
  let contextShortened = 0;
  /** The turns of the next write: each one's place in the input, id, op and whether its context was cut. */
  const pending: { index: number; turnId: string; op: MemoryOpInput; shortened: boolean }[] = [];
  const seen = new Set<string>();
  const said: string[] = [];

  const write = async () => {
    if (pending.length === 0) return;
    const batch = pending.splice(0);
    const result = await store.apply(
      asking,
      batch.map(({ op }) => op),
      { writer: settings.writer },
    );
    for (const { index, record } of result.applied) {
      const turn = batch[index];
      if (!turn) continue;
      imported.push({ turnId: turn.turnId, memoryId: record.id });
      if (turn.shortened) contextShortened += 1;
    }
    for (const rejection of result.rejected) {
      const turn = batch[rejection.index];
      if (!turn) continue;
      const { index, turnId } = turn;
      if (rejection.code === RejectionCode.duplicate && rejection.existingId !== undefined) {
        merged.push({ turnId, memoryId: rejection.existingId, reason: rejection.reason });
      } else {
        refused.push({ index, turnId, reason: rejection.reason });
      }
    }
  };

  for (const [index, input] of turns.entries()) {
    const parsed = turnSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at "${issue.path.join('.')}"` : '';
      const turnId = (input as { turnId?: unknown } | undefined)?.turnId;
      refused.push({
        index,
        ...(typeof turnId === 'string' ? { turnId } : {}),
        reason: `not a valid turn${where}: ${issue?.message ?? 'invalid input'}`,
      });
      said.push('');
      continue;
    }
    const turn = parsed.data;
    const text = saidText(turn);
    const before = said.slice(Math.max(0, said.length - settings.contextTurns)).filter(Boolean);
    said.push(turn.speaker.length > 0 ? `${turn.speaker}: ${turn.text}` : turn.text);
    if (seen.has(turn.turnId)) {
      refused.push({ index, turnId: turn.turnId, reason: 'this turn id is repeated in the input' });
      continue;
    }
    seen.add(turn.turnId);
    const existing = earlier.byTurn.get(turn.turnId);
    if (existing !== undefined) {
      alreadyImported.push({ turnId: turn.turnId, ...existing });
      continue;
    }
    const deleted = earlier.deletedText.get(text);
    if (deleted !== undefined) {
      alreadyImported.push({ turnId: turn.turnId, memoryId: deleted, reason: 'deleted-since' });
      continue;
    }
    const joined = before.join('\n');
    const { context, shortened } = nearestEnd(joined);
    pending.push({
      index,
      turnId: turn.turnId,
      shortened,
      op: {
        op: 'add',
        layer: 'episodic',
        text,
        salience: settings.salience,
        ...(context.trim().length > 0 ? { context } : {}),
        metadata: {
          turnId: turn.turnId,
          speaker: turn.speaker,
          ...(turn.at === undefined
            ? {}
            : { at: typeof turn.at === 'string' ? turn.at : turn.at.toISOString() }),
        },
      },
    });
    if (pending.length >= settings.batchSize) {
      settings.signal?.throwIfAborted();
      await write();
      onProgress?.({ done: index + 1, total: turns.length });
    }
  }
  settings.signal?.throwIfAborted();
  await write();
  onProgress?.({ done: turns.length, total: turns.length });
  refused.sort((left, right) => left.index - right.index);
  return { imported, alreadyImported, merged, refused, contextShortened };
}
