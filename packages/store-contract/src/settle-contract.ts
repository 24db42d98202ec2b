import {
  candidateWindow,
  DegradationCode,
  floorReason,
  limitReason,
  type RetrievalResult,
} from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemories, idsOf } from './contract-fixtures.js';
import { createTestEmbedder } from './test-embedder.js';
import { withStore } from './with-store.js';

/** The reason `result` gives for leaving out `id`. */
const reasonFor = (result: RetrievalResult, id: string | undefined): string | undefined =>
  result.dropped.find((row) => row.id === id)?.reason;

/**
 * What core's settle path fixes for every store: the wording of each drop
 * reason (`floorReason`, `limitReason`) and the rows a capped retrieval ranks
 * per list (`candidateWindow`).
 */
export function describeSettleContract(context: ContractContext): void {
  describe('settle path', () => {
    it('words a salience floor drop as core does, with digits enough to tell value and floor apart', async () => {
      const store = context.store();
      const [near, low] = await addMemories(store, acme('user:1'), [
        { op: 'add', text: 'anchor near the floor', salience: 0.4996 },
        { op: 'add', text: 'anchor far under it', salience: 0.2 },
        { op: 'add', text: 'anchor above it', salience: 0.9 },
      ]);
      const query = { scope: acme('user:1'), cue: 'anchor', limit: 10, minSalience: 0.5 };
      for (const result of [await store.retrieve(query), await store.scanCandidates(query)]) {
        expect(reasonFor(result, near?.id)).toBe('salience 0.4996 is under the floor 0.5');
        expect(reasonFor(result, low?.id)).toBe('salience 0.2 is under the floor 0.5');
      }
    });

    it('words a relevance floor drop as core does', async () => {
      const store = context.store();
      const [, weak] = await addMemories(store, acme('user:1'), [
        'mooring lines',
        'mooring where the old ferry used to dock every single evening in summer',
      ]);
      const open = await store.retrieve({ scope: acme('user:1'), cue: 'mooring lines', limit: 10 });
      const [first, second] = open.memories;
      expect(second?.record.id).toBe(weak?.id);
      const floor = ((first?.relevance ?? 0) + (second?.relevance ?? 0)) / 2;
      const result = await store.retrieve({
        scope: acme('user:1'),
        cue: 'mooring lines',
        limit: 10,
        minRelevance: floor,
      });
      const expected = floorReason('relevance', second?.relevance ?? Number.NaN, floor);
      expect(expected).toMatch(/^relevance \S+ is under the floor \S+$/);
      expect(reasonFor(result, weak?.id)).toBe(expected);
    });

    it('words a limit drop as core does', async () => {
      const store = context.store();
      await addMemories(
        store,
        acme('user:1'),
        Array.from({ length: 5 }, (_, index) => `buoy number ${index}`),
      );
      const result = await store.retrieve({ scope: acme('user:1'), cue: 'buoy', limit: 3 });
      expect(result.dropped.map((row) => row.reason)).toEqual([
        'beyond the 3-memory limit',
        'beyond the 3-memory limit',
      ]);
      expect(limitReason(3)).toBe('beyond the 3-memory limit');
    });

    for (const limit of [5, 40]) {
      const window = candidateWindow(limit, Number.POSITIVE_INFINITY);
      it(`ranks core's candidate window for a limit of ${limit}: ${window} rows, and says when more matched`, async () => {
        expect(window).toBe(Math.max(50, 2 * limit));
        // Full text alone, so one list decides which rows are read.
        await withStore(context, createTestEmbedder(), { vector: 0 }, async (store) => {
          const scope = acme('user:1');
          await addMemories(
            store,
            scope,
            Array.from({ length: window }, (_, index) => `beacon log ${index}`),
          );
          const within = await store.retrieve({ scope, cue: 'beacon', limit });
          expect(within.memories).toHaveLength(limit);
          expect(within.memories.length + within.dropped.length).toBe(window);
          expect(within.degradations.map((row) => row.code)).not.toContain(
            DegradationCode.scanBudgetSpent,
          );
          await addMemories(
            store,
            scope,
            Array.from({ length: 10 }, (_, index) => `beacon log extra ${index}`),
          );
          const beyond = await store.retrieve({ scope, cue: 'beacon', limit });
          expect(new Set([...idsOf(beyond.memories), ...idsOf(beyond.dropped)]).size).toBe(window);
          expect(beyond.degradations.map((row) => row.code)).toContain(
            DegradationCode.scanBudgetSpent,
          );
        });
      });
    }
  });
}
