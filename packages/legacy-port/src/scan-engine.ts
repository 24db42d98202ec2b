import {
  type Degradation,
  DegradationCode,
  type Dropped,
  InvalidMemoryInput,
  type MemoryScope,
  MemoryUnavailable,
  requireVisible,
  type ScoredMemory,
  SymfonicError,
} from '@symfonic/core';
import { admitLegacyEntries } from './admit-legacy-entries.js';
import type { LegacyEntry } from './legacy-entry.js';
import type { LegacyRetrievalEngine } from './legacy-retrieval-engine.js';
import { toScoredMemory } from './to-scored-memory.js';

/** Everything one scan needs: the engine, the asking scope, and when to stop. */
export interface ScanPlan<EngineScope, Embedder, Row> {
  readonly engine: LegacyRetrievalEngine<EngineScope, Embedder, Row>;
  readonly engineScope: EngineScope;
  readonly embedder: Embedder | undefined;
  readonly mapRow: (row: Row) => LegacyEntry;
  readonly isUnavailable: (error: unknown) => boolean;
  readonly cue: string;
  readonly queryScope: MemoryScope;
  /** Stop once this many rows are eligible (`Infinity`: read the whole budget). */
  readonly wanted: number;
  /** The size of every page but a last one trimmed to the budget. */
  readonly pageSize: number;
  readonly scanBudget: number;
  /** Why a record this query does not want is left out, or `undefined` to keep it. */
  readonly reject: (memory: ScoredMemory) => string | undefined;
}

/** What a scan found: eligible memories in the engine's order, every row left out, and why it stopped short. */
export interface ScanOutcome {
  readonly eligible: ScoredMemory[];
  readonly dropped: Dropped[];
  readonly degradations: Degradation[];
}

/**
 * Page through the engine until `wanted` rows are eligible, the engine runs
 * dry (a page shorter than asked), it answers an id it already answered
 * (it ignores `offset`, or repeats a row within a page: the rest of its
 * ranking cannot be trusted, so stop, reported as `repeated-rows`), or the scan
 * budget is spent (reported as `scan-budget-spent` when more was wanted).
 *
 * Offsets only grow, so no offset is asked twice, and the pages' limits
 * never add up to more than the budget. Every distinct row id the engine
 * answered ends up exactly once in `eligible` or `dropped`; a repeated id is
 * the same row and is counted in the degradation instead. Rows an engine
 * answers past the page it was asked for are checked for visibility, then
 * dropped unread.
 *
 * @throws ScopeViolation for the first row whose scope is not visible to `queryScope`.
 * @throws MemoryUnavailable when the engine throws an error `isUnavailable` accepts (kept as `cause`).
 * @throws InvalidMemoryInput when the engine answers something other than an array.
 */
export async function scanEngine<EngineScope, Embedder, Row>(
  plan: ScanPlan<EngineScope, Embedder, Row>,
): Promise<ScanOutcome> {
  const outcome: ScanOutcome = { eligible: [], dropped: [], degradations: [] };
  const answered = new Set<string>();
  let offset = 0;
  let asked = 0;
  while (outcome.eligible.length < plan.wanted && asked < plan.scanBudget) {
    const limit = Math.min(plan.pageSize, plan.scanBudget - asked);
    const rows = await readPage(plan, offset, limit);
    asked += limit;
    let repeats = 0;
    rows.forEach((row, index) => {
      const entry = plan.mapRow(row);
      const id = entry?.id;
      if (typeof id !== 'string' || id.length === 0) {
        outcome.dropped.push({
          id: '',
          reason: `the row at rank ${offset + index} has no id, so it cannot be reported or served`,
        });
        return;
      }
      if (answered.has(id)) {
        repeats += 1;
        return;
      }
      answered.add(id);
      classify(plan, outcome, entry, index < limit ? undefined : overrunReason(rows.length, limit));
    });
    if (repeats > 0) {
      outcome.degradations.push({
        code: DegradationCode.repeatedRows,
        detail: `the engine answered ${repeats} row(s) again in the page at offset ${offset}: it ignores offset or repeats rows, so the scan stopped after asking for ${asked} rows`,
      });
      return outcome;
    }
    if (rows.length < limit) return outcome;
    offset += limit;
  }
  if (outcome.eligible.length < plan.wanted) {
    outcome.degradations.push({
      code: DegradationCode.scanBudgetSpent,
      detail: `the scan budget of ${plan.scanBudget} rows was spent before the engine ran dry`,
    });
  }
  return outcome;
}

function classify<EngineScope, Embedder, Row>(
  plan: ScanPlan<EngineScope, Embedder, Row>,
  outcome: ScanOutcome,
  entry: LegacyEntry,
  overrun: string | undefined,
): void {
  const { admitted, excluded } = admitLegacyEntries([entry]);
  outcome.dropped.push(...excluded);
  const [owned] = admitted;
  if (owned === undefined) return;
  requireVisible([{ id: entry.id, scope: owned.scope }], plan.queryScope);
  if (overrun !== undefined) {
    outcome.dropped.push({ id: entry.id, reason: overrun });
    return;
  }
  const converted = toScoredMemory(entry, owned.scope);
  if ('reason' in converted) {
    outcome.dropped.push({ id: entry.id, reason: converted.reason });
    return;
  }
  const rejection = plan.reject(converted.memory);
  if (rejection === undefined) outcome.eligible.push(converted.memory);
  else outcome.dropped.push({ id: entry.id, reason: rejection });
}

function overrunReason(answered: number, limit: number): string {
  return `the engine answered ${answered} rows for a page of ${limit}; rows past the page are not read`;
}

async function readPage<EngineScope, Embedder, Row>(
  plan: ScanPlan<EngineScope, Embedder, Row>,
  offset: number,
  limit: number,
): Promise<readonly Row[]> {
  let rows: unknown;
  try {
    rows = await plan.engine.retrieve({
      cue: plan.cue,
      scope: plan.engineScope,
      limit,
      offset,
      ...(plan.embedder === undefined ? {} : { embedder: plan.embedder }),
    });
  } catch (error) {
    if (!SymfonicError.isInstance(error) && plan.isUnavailable(error)) {
      throw new MemoryUnavailable(
        `the legacy engine could not be reached (page at offset ${offset})`,
        { cause: error },
      );
    }
    throw error;
  }
  if (!Array.isArray(rows)) {
    throw new InvalidMemoryInput('invalid legacy engine answer: a page must be an array of rows');
  }
  return rows as readonly Row[];
}
