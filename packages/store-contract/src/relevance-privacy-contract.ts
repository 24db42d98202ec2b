import type { MemoryQuery, MemoryStore, RetrievalResult } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemories, globex, writerProvenance } from './contract-fixtures.js';

/** What a scope sees of a retrieval: every memory and dropped row, with its relevance and place. */
function scoresOf(result: RetrievalResult): [string, number][] {
  return result.memories.map((memory) => [memory.record.id, memory.relevance]);
}

/** The scores `retrieve` and `scanCandidates` answer for `query`. */
async function observe(store: MemoryStore, query: MemoryQuery) {
  return {
    retrieved: scoresOf(await store.retrieve(query)),
    scanned: scoresOf(await store.scanCandidates(query)),
  };
}

/**
 * Relevance a scope sees depends only on the memories it can see: a word
 * stored by a sibling, another tenant, or a memory since deleted or forgotten,
 * never moves a score (which would tell which words others' memories hold).
 */
export function describeRelevancePrivacyContract(context: ContractContext): void {
  describe('relevance privacy', () => {
    const probe: MemoryQuery = { scope: acme('user:1'), cue: 'oolong teapot harbor', limit: 10 };
    const own = [
      'Drinks oolong tea from a clay teapot',
      'Walks to the harbor on Sundays',
      'Keeps a harbor map beside the oolong tin',
    ];
    const planted = Array.from(
      { length: 12 },
      (_, index) => `Note ${index}: oolong, a teapot, the harbor`,
    );

    it('answers the same scores whatever siblings and other tenants store', async () => {
      const store = context.store();
      await addMemories(store, acme('user:1'), own);
      const before = await observe(store, probe);
      expect(before.retrieved).toHaveLength(own.length);
      await addMemories(store, acme('user:2'), planted);
      await addMemories(store, acme('user:2', 'conversation:1'), planted);
      await addMemories(store, globex('user:1'), planted);
      await addMemories(store, acme('user:10'), planted);
      expect(await observe(store, probe)).toEqual(before);
    });

    it('answers the same scores once what changed them is deleted or forgotten', async () => {
      const store = context.store();
      await addMemories(store, acme('user:1'), own);
      const before = await observe(store, probe);
      // Memories the scope sees move its scores while they live…
      const child = acme('user:1', 'conversation:1');
      await addMemories(store, child, planted);
      const deleted = await addMemories(store, acme('user:1'), [
        'Oolong and a teapot by the harbor',
      ]);
      expect((await observe(store, probe)).retrieved).not.toEqual(before.retrieved);
      // …and not once they are gone.
      await store.forget(child);
      await store.apply(
        acme('user:1'),
        deleted.map((record) => ({ op: 'delete', id: record.id })),
        writerProvenance,
      );
      expect(await observe(store, probe)).toEqual(before);
    });
  });
}
