import type { MemoryRecord, MemoryScope, MemoryStore } from '@symfonic/core';
import type { Memory } from '@symfonic/memory';
import { listAll } from '../../harness/list-all.js';
import type { AnsweredRow, CrossingLedger } from '../crossing-ledger.js';
import { attackCue } from './isolation-attack-constants.js';

function asRows(records: readonly MemoryRecord[]): AnsweredRow[] {
  return records.map(({ id, scope, text }) => ({ id, scope, text }));
}

function idsOf(rows: readonly { id: string }[]): AnsweredRow[] {
  return rows.map(({ id }) => ({ id }));
}

/**
 * Every read path, from `asking`: `scanCandidates`, `retrieve` (memories and
 * dropped ids), `list`, `recent` and the memory loop's `hydrate` (its text,
 * recalled rows, refs and dropped ids). Each probe counts one attempt per
 * row `asking` must not see.
 */
export async function probeReads(
  store: MemoryStore,
  memory: Memory,
  asking: MemoryScope,
  ledger: CrossingLedger,
): Promise<void> {
  const foreign = ledger.foreignRows(asking);

  for (const probe of ['scanCandidates', 'retrieve'] as const) {
    ledger.attempt(foreign);
    const result = await ledger.guard(probe, () =>
      store[probe]({ scope: asking, cue: attackCue, limit: probe === 'retrieve' ? 1_000 : 1 }),
    );
    if (!result) continue;
    ledger.checkRows(probe, asking, asRows(result.memories.map(({ record }) => record)));
    ledger.checkRows(`${probe} dropped`, asking, idsOf(result.dropped));
  }

  ledger.attempt(foreign);
  const listed = await ledger.guard('list', () => listAll(store, asking));
  if (listed) ledger.checkRows('list', asking, asRows(listed));

  ledger.attempt(foreign);
  for (const turn of await store.recent(asking, 100)) ledger.checkText('recent', asking, turn.text);

  ledger.attempt(foreign);
  const block = await ledger.guard('hydrate', () => memory.hydrate(asking, attackCue));
  if (block) {
    ledger.checkText('hydrate text', asking, block.text);
    ledger.checkRows(
      'hydrate recalled',
      asking,
      asRows(block.recalled.map(({ record }) => record)),
    );
    ledger.checkRows(
      'hydrate refs',
      asking,
      Object.values(block.refs).map((id) => ({ id })),
    );
    ledger.checkRows('hydrate dropped', asking, idsOf(block.dropped));
  }
}
