import {
  type CandidateSource,
  DegradationCode,
  type Reranker,
  type RetrievalResult,
  ScopeViolation,
} from '@symfonic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryRecord, userScope } from '../__fixtures__/memory-records.js';
import {
  answeringReranker,
  failingReranker,
  scoringReranker,
  unansweringReranker,
} from '../__fixtures__/rerankers.js';
import { recall } from '../hydrate/recall.js';
import { type RecallOptionsInput, resolveRecallOptions } from '../hydrate/recall-options.js';
import { type RerankOptionsInput, resolveRerankOptions } from './rerank-options.js';

const now = new Date('2026-11-30T00:00:00Z');

/** A candidate source answering a fixed result: a leaking one cannot be caused with a correct store. */
function answering(result: Partial<RetrievalResult>): CandidateSource {
  return {
    scanCandidates: async () => ({ memories: [], dropped: [], degradations: [], ...result }),
  };
}

/** Five candidates, a to e, the store's order their relevance. */
const fiveCandidates = answering({
  memories: ['a', 'b', 'c', 'd', 'e'].map((id, index) => ({
    record: memoryRecord(id, `memory ${id}`, { salience: 0.5 }),
    relevance: 5 - index,
  })),
});

/** The reranker's own judgment of the five: c, then a, then b, then the others. */
const judged: Record<string, number> = {
  'memory c': 0.9,
  'memory a': 0.5,
  'memory b': 0.1,
  'memory d': 0.05,
  'memory e': 0.01,
};

/** Ranking by relevance alone, so an order is the reranker's (or the store's) only. */
const byRelevanceAlone = { weights: { relevance: 1, salience: 0, recency: 0 } } as const;

function recallWith(
  source: CandidateSource,
  rerank: RerankOptionsInput | undefined,
  recallOptions: RecallOptionsInput = byRelevanceAlone,
) {
  return recall(
    source,
    { scope: userScope, cue: 'which memory?' },
    resolveRecallOptions(recallOptions),
    {
      now,
      ...(rerank ? { rerank: resolveRerankOptions(rerank) } : {}),
    },
  );
}

const ids = (result: { memories: readonly { record: { id: string } }[] }) =>
  result.memories.map(({ record }) => record.id);

describe('recall with a reranker', () => {
  it('asks the reranker once when a full window is scanned again for the whole budget', async () => {
    const windows: (number | undefined)[] = [];
    const source: CandidateSource = {
      async scanCandidates(query) {
        windows.push(query.window);
        return {
          memories: Array.from({ length: 60 }, (_, index) => ({
            record: memoryRecord(`m${index}`, `memory ${index}`, {
              salience: index < 3 ? 0.9 : 0.1,
            }),
            relevance: 60 - index,
          })),
          dropped: [],
          degradations: [],
        };
      },
    };
    const { reranker, calls } = scoringReranker(() => 0.5);
    const result = await recallWith(
      source,
      { reranker },
      { ...byRelevanceAlone, minSalience: 0.5 },
    );
    expect(windows).toEqual([50, undefined]);
    expect(calls).toHaveLength(1);
    expect(ids(result)).toEqual(['m0', 'm1', 'm2']);
  });

  it('ranks the candidates by the reranker scores, sending it the cue and their texts', async () => {
    const { reranker, calls } = scoringReranker((text) => judged[text] as number);
    const result = await recallWith(fiveCandidates, { reranker });
    expect(ids(await recallWith(fiveCandidates, undefined))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(result)).toEqual(['c', 'a', 'b', 'd', 'e']);
    expect(result.memories.map(({ rerankScore }) => rerankScore)).toEqual([
      0.9, 0.5, 0.1, 0.05, 0.01,
    ]);
    expect(result.memories.map(({ relevance }) => relevance)).toEqual([3, 5, 4, 2, 1]);
    expect(result.degradations).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      cue: 'which memory?',
      texts: ['memory a', 'memory b', 'memory c', 'memory d', 'memory e'],
    });
  });

  it('still mixes in salience and recency by the weights', async () => {
    const source = answering({
      memories: [
        { record: memoryRecord('judged-best', 'judged best', { salience: 0 }), relevance: 2 },
        { record: memoryRecord('salient', 'salient', { salience: 1 }), relevance: 1 },
      ],
    });
    const scores: Record<string, number> = { 'judged best': 0.6, salient: 0.5 };
    const reranker = scoringReranker((text) => scores[text] as number).reranker;
    expect(ids(await recallWith(source, { reranker }))).toEqual(['judged-best', 'salient']);
    expect(
      ids(
        await recallWith(
          source,
          { reranker },
          {
            weights: { relevance: 0.4, salience: 0.6, recency: 0 },
          },
        ),
      ),
    ).toEqual(['salient', 'judged-best']);
  });

  it('sends only the top candidates; the others rank as relevant as the least relevant judged', async () => {
    const { reranker, calls } = scoringReranker((text) => judged[text] as number);
    const result = await recallWith(fiveCandidates, { reranker, candidates: 3 });
    expect(calls.map(({ texts }) => texts)).toEqual([['memory a', 'memory b', 'memory c']]);
    // b was judged least relevant, d and e were not judged: all three tie on relevance, by id.
    expect(ids(result)).toEqual(['c', 'a', 'b', 'd', 'e']);
    expect(result.memories.map(({ rerankScore }) => rerankScore)).toEqual([
      0.9,
      0.5,
      0.1,
      undefined,
      undefined,
    ]);
    expect('rerankScore' in (result.memories[3] as object)).toBe(false);
    const scores = result.memories.map(({ score }) => score);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
  });

  it('reports every candidate the reranker moved out of the block, dropped by the limit or a cap', async () => {
    const reranker = scoringReranker((text) => judged[text] as number).reranker;
    const limited = await recallWith(
      fiveCandidates,
      { reranker },
      { ...byRelevanceAlone, limit: 2 },
    );
    expect(ids(limited)).toEqual(['c', 'a']);
    expect(limited.dropped).toEqual([
      { id: 'b', reason: 'beyond the 2-memory limit' },
      { id: 'd', reason: 'beyond the 2-memory limit' },
      { id: 'e', reason: 'beyond the 2-memory limit' },
    ]);
    const capped = await recallWith(
      fiveCandidates,
      { reranker },
      {
        ...byRelevanceAlone,
        caps: { semantic: 8, episodic: 0, total: 8 },
      },
    );
    expect(ids(capped)).toEqual(['c']);
    expect(capped.dropped.map(({ id }) => id)).toEqual(['a', 'b', 'd', 'e']);
    expect(capped.dropped[0]?.reason).toBe(
      '8 characters do not fit the semantic cap of 8 (8 used)',
    );
  });

  it('does not ask the reranker about fewer than two candidates, nor when recall asks nothing', async () => {
    const { reranker, calls } = scoringReranker(() => 1);
    const one = answering({
      memories: [{ record: memoryRecord('only', 'only one'), relevance: 1 }],
    });
    expect(ids(await recallWith(one, { reranker }))).toEqual(['only']);
    expect(ids(await recallWith(answering({}), { reranker }))).toEqual([]);
    expect(ids(await recallWith(fiveCandidates, { reranker }, { limit: 0 }))).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('runs after the visibility check: a leaking store throws before the reranker sees a row', async () => {
    const { reranker, calls } = scoringReranker(() => 1);
    const leaking = answering({
      memories: [
        { record: memoryRecord('mine', 'likes tea'), relevance: 2 },
        {
          record: memoryRecord('leak', 'secret', { scope: { tenant: 'acme', path: ['user:420'] } }),
          relevance: 1,
        },
      ],
    });
    await expect(recallWith(leaking, { reranker })).rejects.toSatisfy(ScopeViolation.isInstance);
    expect(calls).toEqual([]);
  });

  it('passes a ScopeViolation the reranker throws on: a security failure is never degraded', async () => {
    const reranker: Reranker = {
      model: 'scoped',
      rerank: async () => {
        throw new ScopeViolation({
          rowId: 'x',
          rowScope: 'acme/user:1',
          queryScope: 'acme/user:42',
        });
      },
    };
    await expect(recallWith(fiveCandidates, { reranker })).rejects.toSatisfy(
      ScopeViolation.isInstance,
    );
  });
});

describe('recall when the reranker fails', () => {
  /** Rerankers written to the port that break its contract, as no checked adapter answers. */
  const portBreaking = (answer: () => unknown): Reranker => ({
    model: 'custom',
    rerank: answer as Reranker['rerank'],
  });

  const failures: [string, () => Reranker, string][] = [
    [
      'the reranker is unavailable',
      () => failingReranker('the reranking model "test-provider/down" failed'),
      'the reranking model "test-provider/down" failed',
    ],
    [
      'the reranker answers a NaN score',
      () =>
        answeringReranker(
          [0, 1, 2, 3, 4].map((index) => (index === 2 ? Number.NaN : index)),
          'nan',
        ),
      'the reranker "nan" answered a score that is not a finite number (NaN) for text 3 of 5',
    ],
    [
      'a reranker answers too few scores',
      () => portBreaking(async () => [1, 2]),
      'the reranker "custom" answered 2 scores for 5 texts',
    ],
    [
      'a reranker answers something other than a list',
      () => portBreaking(async () => ({ scores: [] })),
      'the reranker "custom" answered something other than a list',
    ],
    [
      'a reranker answers an infinite score',
      () => portBreaking(async () => [1, 2, Number.NEGATIVE_INFINITY, 4, 5]),
      'the reranker "custom" answered a score that is not a finite number (-Infinity) for text 3 of 5',
    ],
    [
      'a reranker throws synchronously',
      () =>
        portBreaking(() => {
          throw new TypeError('reranker bug with secret text');
        }),
      'the reranker "custom" failed (TypeError)',
    ],
  ];

  it.each(failures)(
    'keeps the unreranked order and reports it when %s',
    async (_case, reranker, reason) => {
      const unreranked = await recallWith(fiveCandidates, undefined, {
        ...byRelevanceAlone,
        limit: 3,
      });
      const result = await recallWith(
        fiveCandidates,
        { reranker: reranker() },
        { ...byRelevanceAlone, limit: 3 },
      );
      expect(result.memories).toEqual(unreranked.memories);
      expect(result.dropped).toEqual(unreranked.dropped);
      expect(result.degradations).toEqual([
        {
          code: DegradationCode.rerankFailed,
          detail: `${reason}: recall kept its order before reranking`,
        },
      ]);
    },
  );

  it('stops waiting after the timeout, aborting the request, and keeps the unreranked order', async () => {
    const { reranker, calls } = unansweringReranker();
    const unreranked = await recallWith(fiveCandidates, undefined);
    const result = await recallWith(fiveCandidates, { reranker, timeoutMs: 20 });
    expect(result.memories).toEqual(unreranked.memories);
    expect(result.degradations).toEqual([
      {
        code: DegradationCode.rerankFailed,
        detail:
          'the reranker "unanswering" did not answer within 20 ms: recall kept its order before reranking',
      },
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  it('also stops waiting for a reranker that ignores the abort', async () => {
    let asked = 0;
    const deaf: Reranker = {
      model: 'deaf',
      rerank: () => {
        asked += 1;
        return new Promise(() => undefined);
      },
    };
    const result = await recallWith(fiveCandidates, { reranker: deaf, timeoutMs: 5 });
    expect(asked).toBe(1);
    expect(ids(result)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(result.degradations.map(({ code }) => code)).toEqual([DegradationCode.rerankFailed]);
  });

  it('adds its degradation after the store ones', async () => {
    const source = answering({
      memories: [
        { record: memoryRecord('a', 'a'), relevance: 2 },
        { record: memoryRecord('b', 'b'), relevance: 1 },
      ],
      degradations: [{ code: 'no-embedder', detail: 'lexical only' }],
    });
    const result = await recallWith(source, { reranker: portBreaking(async () => []) });
    expect(result.degradations.map(({ code }) => code)).toEqual([
      'no-embedder',
      DegradationCode.rerankFailed,
    ]);
  });
});

describe('reranking in recall, whatever the reranker answers', () => {
  it('accounts for every candidate exactly once, and a failed rerank changes nothing', async () => {
    const candidate = fc.record({
      text: fc.string({ minLength: 1, maxLength: 30 }).filter((text) => text.trim().length > 0),
      layer: fc.constantFrom('semantic' as const, 'episodic' as const),
      salience: fc.double({ min: 0, max: 1, noNaN: true }),
      relevance: fc.double({ min: -5, max: 5, noNaN: true }),
      ageDays: fc.integer({ min: 0, max: 400 }),
    });
    const answer = fc.oneof(
      fc.record({
        kind: fc.constant('scores' as const),
        scores: fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { maxLength: 40 }),
      }),
      fc.record({ kind: fc.constant('throws' as const) }),
      fc.record({ kind: fc.constant('nan' as const) }),
    );
    const options = fc.record({
      limit: fc.integer({ min: 1, max: 20 }),
      minSalience: fc.double({ min: 0, max: 1, noNaN: true }),
      caps: fc.record({
        semantic: fc.integer({ min: 0, max: 200 }),
        episodic: fc.integer({ min: 0, max: 200 }),
        total: fc.integer({ min: 0, max: 300 }),
      }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(candidate, { maxLength: 40 }),
        answer,
        fc.integer({ min: 2, max: 40 }),
        options,
        async (rows, answered, candidates, chosen) => {
          const memories = rows.map((row, index) => ({
            record: memoryRecord(`m${index}`, row.text, {
              layer: row.layer,
              salience: row.salience,
              updatedAt: new Date(now.getTime() - row.ageDays * 86_400_000),
            }),
            relevance: row.relevance,
          }));
          const reranker: Reranker = {
            model: 'property',
            rerank: async ({ texts }) => {
              if (answered.kind === 'throws') throw new Error('provider down');
              return texts.map((_text, index) =>
                answered.kind === 'nan' ? Number.NaN : (answered.scores[index] ?? index),
              );
            },
          };
          const resolved = resolveRecallOptions(chosen);
          const result = await recall(
            answering({ memories }),
            { scope: userScope, cue: 'x' },
            resolved,
            {
              now,
              rerank: resolveRerankOptions({
                reranker,
                candidates,
              }),
            },
          );
          const kept = result.memories.map(({ record }) => record.id);
          const left = result.dropped.map(({ id }) => id);
          expect([...kept, ...left].sort()).toEqual(memories.map(({ record }) => record.id).sort());
          expect(kept.length).toBeLessThanOrEqual(resolved.limit);
          const scores = result.memories.map(({ score }) => score);
          expect(scores).toEqual([...scores].sort((left, right) => right - left));
          for (const { reason } of result.dropped) expect(reason.length).toBeGreaterThan(0);
          const failed = result.degradations.some(
            ({ code }) => code === DegradationCode.rerankFailed,
          );
          const admitted = rows.filter(({ salience }) => salience >= resolved.minSalience).length;
          expect(failed).toBe(answered.kind !== 'scores' && admitted >= 2);
          if (failed) {
            const unreranked = await recall(
              answering({ memories }),
              { scope: userScope, cue: 'x' },
              resolved,
              { now },
            );
            expect(result.memories).toEqual(unreranked.memories);
            expect(result.dropped).toEqual(unreranked.dropped);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('reranking in recall, whatever the size of the scores', () => {
  it('ranks a reranker answering ±1.7e308 in its order, with finite scores and no failure', async () => {
    const extremes: Record<string, number> = {
      'memory a': -1.7e308,
      'memory b': 1.7e308,
      'memory c': 1,
      'memory d': 2,
      'memory e': -1.7e308,
    };
    const reranker = scoringReranker((text) => extremes[text] as number).reranker;
    const result = await recallWith(fiveCandidates, { reranker });
    expect(ids(result)).toEqual(['b', 'd', 'c', 'a', 'e']);
    expect(result.memories.map(({ score }) => score)).toEqual([1, 2 / 3, 1 / 3, 0, 0]);
    expect(result.degradations).toEqual([]);
  });

  it("keeps the reranker's order and finite scores for any finite scores, extremes included", async () => {
    const extreme = fc.oneof(
      fc.constantFrom(
        Number.MAX_VALUE,
        -Number.MAX_VALUE,
        1.7e308,
        -1.7e308,
        Number.MIN_VALUE,
        -Number.MIN_VALUE,
        0,
        -0,
      ),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(extreme, { minLength: 2, maxLength: 30 }),
        fc.constantFrom(byRelevanceAlone.weights, {
          relevance: 0.6,
          salience: 0.25,
          recency: 0.15,
        }),
        async (scores, weights) => {
          const memories = scores.map((_score, index) => ({
            record: memoryRecord(`m${String(index).padStart(2, '0')}`, `memory ${index}`, {
              salience: 0.5,
              updatedAt: now,
            }),
            relevance: scores.length - index,
          }));
          const result = await recall(
            answering({ memories }),
            { scope: userScope, cue: 'x' },
            resolveRecallOptions({ weights, limit: 30 }),
            { now, rerank: resolveRerankOptions({ reranker: answeringReranker(scores) }) },
          );
          expect(result.degradations).toEqual([]);
          for (const { score } of result.memories) expect(Number.isFinite(score)).toBe(true);
          // Salience and recency are equal for all, so the order is the reranker's, ties by id.
          const expected = memories
            .map(({ record }, index) => ({ id: record.id, score: scores[index] as number }))
            .sort((left, right) => right.score - left.score || (left.id < right.id ? -1 : 1))
            .map(({ id }) => id);
          expect(ids(result)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
