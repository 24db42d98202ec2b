import { isVisible, type MemoryScope, type MemoryStore, RejectionCode } from '@symfonic/core';
import type { Memory } from '@symfonic/memory';
import { type CrossingLedger, scopeText } from '../crossing-ledger.js';
import { attackProvenance } from './isolation-attack-constants.js';

function updateAndDelete(ids: readonly string[]) {
  return ids.flatMap((id) => [
    { op: 'update' as const, id, text: `harbor hijacked ${id}` },
    { op: 'delete' as const, id },
  ]);
}

/**
 * From `asking`, every id of `targets` it must not see: `get` and `history`
 * must answer nothing, and `update` and `delete` (through the store, and a
 * sample with an invented ref through `remember`) must be rejected as
 * `unknown-id` / `unknown-ref` exactly like ids never issued, or, for an id a
 * model names, `id-from-model`.
 */
export async function probeForeignIds(
  store: MemoryStore,
  memory: Memory,
  asking: MemoryScope,
  ledger: CrossingLedger,
  targets: ReadonlySet<string>,
): Promise<void> {
  const foreign = [...targets].filter((id) => {
    const owner = ledger.ownerOf(id);
    return owner !== undefined && !isVisible(owner, asking);
  });
  const across = (probe: string, row: string, why: string) =>
    ledger.cross({ probe, asking: scopeText(asking), row, why });

  ledger.attempt(2 * foreign.length);
  const reads = await Promise.all(
    foreign.map(async (id) => ({
      id,
      record: await ledger.guard('get', () => store.get(asking, id)),
      history: await ledger.guard('history', () => store.history(asking, id)),
    })),
  );
  for (const { id, record, history } of reads) {
    if (record) across('get', id, 'answered a foreign id');
    if (history && history.length > 0) across('history', id, `answered ${history.length} versions`);
  }

  // The store sees every foreign id; remember refuses every id a model names (`id-from-model`), and a sample proves it.
  const sample = foreign.slice(0, 3);
  ledger.attempt(2 * foreign.length + 2 * sample.length + 1);
  const direct = await store.apply(asking, updateAndDelete(foreign), attackProvenance);
  const reply = JSON.stringify({
    ops: [...updateAndDelete(sample), { op: 'delete', ref: '#999' }],
  });
  const remembered = await memory.remember(asking, reply, {
    provenance: attackProvenance,
    refs: {},
  });
  for (const result of [direct, remembered]) {
    for (const { record } of result.applied)
      across('update/delete', record.id, 'changed a foreign row');
    for (const rejection of result.rejected) {
      if (
        rejection.code === RejectionCode.unknownId ||
        rejection.code === 'unknown-ref' ||
        rejection.code === 'id-from-model'
      ) {
        ledger.refused();
      } else {
        across(
          'update/delete',
          `op ${rejection.index}`,
          `rejected as ${rejection.code}, not unknown-id`,
        );
      }
    }
  }
}
