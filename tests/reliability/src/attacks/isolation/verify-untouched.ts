import type { MemoryStore } from '@symfonic/core';
import { type CrossingLedger, scopeText } from '../crossing-ledger.js';
import { liveRows } from './live-rows.js';

/** Every row the attack wrote must still read back from its own tenant exactly as written. */
export async function verifyUntouched(store: MemoryStore, ledger: CrossingLedger): Promise<void> {
  const written = ledger.written;
  const live = await liveRows(
    store,
    [...written.values()].map((record) => record.scope.tenant),
  );
  for (const [id, original] of written) {
    const now = live.get(id);
    const asking = scopeText(ledger.ownerOf(id) ?? original.scope);
    if (!now) {
      ledger.cross({ probe: 'read back', asking, row: id, why: 'the row is gone' });
    } else if (
      now.text !== original.text ||
      now.updatedAt.getTime() !== original.updatedAt.getTime()
    ) {
      ledger.cross({ probe: 'read back', asking, row: id, why: 'the row was changed' });
    }
  }
}
