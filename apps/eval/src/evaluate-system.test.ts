import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';
import { describe, expect, it } from 'vitest';
import { tinyDataset } from './__fixtures__/tiny-dataset.js';
import type { EvalSystem } from './eval-system.js';
import { evaluateSystem } from './evaluate-system.js';
import { runRetrievals } from './run-retrievals.js';

const inMemory: EvalSystem = {
  name: 'in-memory/lexical',
  store: 'in-memory',
  ranking: 'lexical',
  open: async () => createInMemoryStore(),
};

const pglite: EvalSystem = {
  name: 'pglite/lexical',
  store: 'pglite',
  ranking: 'lexical',
  open: () => openPGliteStore(),
};

describe('evaluateSystem', () => {
  for (const system of [inMemory, pglite]) {
    it(`scores the tiny data set as checked by hand (${system.name})`, async () => {
      const result = await evaluateSystem(system, tinyDataset);
      // q1, q2, q4 and b/q1 rank their evidence first; q3 shares no word with it.
      expect(result.overall).toEqual({
        questions: 5,
        turnRecallAt5: 0.8,
        turnRecallAt10: 0.8,
        turnRecallAt25: 0.8,
        sessionRecallAt5: 0.8,
      });
      expect(result.perCategory['multi-hop']?.turnRecallAt10).toBe(0.5);
      expect(result.perCategory['single-hop']?.turnRecallAt10).toBe(1);
      expect(result.outcomes.map((outcome) => outcome.firstEvidenceRank)).toEqual([
        1,
        1,
        undefined,
        1,
        1,
      ]);
      expect(result.ingest).toMatchObject({ memories: 7, merged: 1, refused: [] });
      expect(result.conversations).toBe(2);
      expect(result.latencyMs.p50).toBeGreaterThan(0);
      expect(result.latencyMs.p95).toBeGreaterThanOrEqual(result.latencyMs.p50);
      expect(result.degradations).toMatchObject({ 'no-embedder': 5 });
    });
  }

  it('writes each conversation into its own scope, with its turn as provenance, and never leaks', async () => {
    const run = await runRetrievals(inMemory, tinyDataset, 25);
    const [a, b] = [run.ingested.get('a'), run.ingested.get('b')];
    expect(a?.scope).toEqual({ tenant: 'symfonic-eval', path: ['conversation:a'] });
    expect(b?.scope).toEqual({ tenant: 'symfonic-eval', path: ['conversation:b'] });
    for (const retrieval of run.retrievals) {
      const own = run.ingested.get(retrieval.question.conversationId);
      for (const id of retrieval.memoryIds) expect(own?.turnOfMemory.has(id)).toBe(true);
    }
    expect(a?.memoryOfTurn.get('D1:4')).toBe(a?.memoryOfTurn.get('D1:2'));
    expect(a?.merged).toEqual([{ turnId: 'D1:4', reason: 'same text as turn D1:2' }]);
  });

  it('runs only the first conversations of a system with a conversation limit', async () => {
    const result = await evaluateSystem({ ...inMemory, conversationLimit: 1 }, tinyDataset);
    expect(result.conversations).toBe(1);
    expect(result.overall.questions).toBe(4);
  });
});
