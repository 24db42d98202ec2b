import {
  cosineSimilarity,
  DegradationCode,
  InvalidMemoryInput,
  type MemoryQuery,
  type RetrievalResult,
} from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemories, expectFailure } from './contract-fixtures.js';

const texts = [
  'Is allergic to peanuts',
  'Nuts cause a reaction',
  'Her puppy is a labrador',
  'Bakes sourdough bread',
  'Peanuts are in the pantry',
  'Walks the dog at dawn',
];

/**
 * The cosine similarity a store answers with each memory it ranked by
 * vectors (`ScoredMemory.similarity`), with the model it is of
 * (`RetrievalResult.similarityModel`), and the `window` of `scanCandidates`.
 */
export function describeSimilarityContract(context: ContractContext): void {
  const vectors = context.capabilities.vectors === true;
  const query = (extra: Partial<MemoryQuery> = {}): MemoryQuery => ({
    scope: acme('user:1'),
    cue: 'peanuts and nuts',
    limit: 10,
    ...extra,
  });

  describe('similarity and the candidate window', () => {
    it.skipIf(!vectors)(
      'answers every memory with its cosine to the cue, whichever ranking found it (vectors)',
      async () => {
        const store = context.store();
        await addMemories(store, acme('user:1'), texts);
        const [cueVector] = await context.embedder.embed(['peanuts and nuts']);
        for (const result of [
          await store.retrieve(query()),
          await store.scanCandidates(query()),
        ] as RetrievalResult[]) {
          expect(result.memories.length).toBeGreaterThan(0);
          expect(result.similarityModel).toBe(context.embedder.model);
          for (const { record, similarity } of result.memories) {
            const [vector] = await context.embedder.embed([record.text]);
            expect(similarity).toBeDefined();
            expect(similarity as number).toBeGreaterThanOrEqual(-1);
            expect(similarity as number).toBeLessThanOrEqual(1);
            expect(similarity as number).toBeCloseTo(
              cosineSimilarity(cueVector as Float32Array, vector as Float32Array),
              5,
            );
          }
        }
      },
    );

    it.skipIf(vectors)('answers no similarity when it ranked by words alone', async () => {
      const store = context.store();
      await addMemories(store, acme('user:1'), texts);
      const result = await store.scanCandidates(query());
      expect(result.memories.length).toBeGreaterThan(0);
      for (const memory of result.memories) expect(memory.similarity).toBeUndefined();
      expect(result.similarityModel).toBeUndefined();
    });

    it('reads at most the window from each ranking, and a window is no degradation', async () => {
      const store = context.store();
      await addMemories(store, acme('user:1'), texts);
      const whole = await store.scanCandidates(query());
      const windowed = await store.scanCandidates(query({ window: 1 }));
      // One row from each ranking at most: full text, and vectors when the store has them.
      expect(windowed.memories.length).toBeGreaterThan(0);
      expect(windowed.memories.length).toBeLessThanOrEqual(vectors ? 2 : 1);
      expect(windowed.memories.length).toBeLessThan(whole.memories.length);
      expect(windowed.degradations.map(({ code }) => code)).not.toContain(
        DegradationCode.scanBudgetSpent,
      );
    });

    it('refuses a window that is not a whole number of 1 or more', async () => {
      const store = context.store();
      for (const window of [0, 1.5, -2]) {
        await expectFailure(store.scanCandidates(query({ window })), InvalidMemoryInput.code);
      }
    });
  });
}
