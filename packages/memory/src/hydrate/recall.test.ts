import {
  type CandidateSource,
  type MemoryQuery,
  MemoryUnavailable,
  type RetrievalResult,
  ScopeViolation,
} from '@symfonic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryRecord, userScope } from '../__fixtures__/memory-records.js';
import { type RelevanceScorer, recall } from './recall.js';
import { resolveRecallOptions } from './recall-options.js';
import { recallWindow } from './recall-window.js';

const now = new Date('2026-11-30T00:00:00Z');

/**
 * A candidate source answering a fixed result: the leak, the repeated row and
 * the store's own drops cannot be caused with a correct store.
 */
function answering(result: Partial<RetrievalResult>) {
  const queries: MemoryQuery[] = [];
  const source: CandidateSource = {
    async scanCandidates(query) {
      queries.push(query);
      return { memories: [], dropped: [], degradations: [], ...result };
    },
  };
  return { source, queries };
}

const scored = (record: ReturnType<typeof memoryRecord>, relevance = 1) => ({ record, relevance });

/** A scorer of `model` answering `score` for every record, noting the ids it was asked for in `asked`. */
function scorerOf(model: string, score: number, asked: string[][]): RelevanceScorer {
  return Object.assign(
    async (_cue: string, records: readonly { id: string }[]) => {
      asked.push(records.map(({ id }) => id));
      return records.map(() => score);
    },
    { model },
  );
}

describe('recall', () => {
  it('asks for the candidate window of the stored layers, uncapped by the limit, without floors', async () => {
    const { source, queries } = answering({});
    await recall(
      source,
      { scope: userScope, cue: 'tea' },
      resolveRecallOptions({ minSalience: 0.5 }),
      { now },
    );
    expect(queries).toEqual([
      { scope: userScope, cue: 'tea', limit: 12, layers: ['semantic', 'episodic'], window: 50 },
    ]);
  });

  it('reads the whole scan budget when the gates leave fewer than the limit of a full window', async () => {
    const full = Array.from({ length: recallWindow(12) }, (_, index) =>
      scored(memoryRecord(`m${index}`, `note ${index}`, { salience: index < 5 ? 0.9 : 0.1 })),
    );
    const { source, queries } = answering({ memories: full });
    const result = await recall(
      source,
      { scope: userScope, cue: 'tea' },
      resolveRecallOptions({ minSalience: 0.5 }),
      { now },
    );
    expect(queries.map(({ window }) => window)).toEqual([50, undefined]);
    expect(result.memories).toHaveLength(5);
    // The answer of the second scan is the one reported: every candidate once.
    expect(result.dropped).toHaveLength(full.length - 5);
  });

  it('does not scan again when the window was not full or the limit was reached', async () => {
    const few = answering({
      memories: [scored(memoryRecord('a', 'likes tea', { salience: 0.1 }))],
    });
    await recall(
      few.source,
      { scope: userScope, cue: 'tea' },
      resolveRecallOptions({ minSalience: 0.5 }),
      { now },
    );
    expect(few.queries).toHaveLength(1);
    const many = answering({
      memories: Array.from({ length: 60 }, (_, index) =>
        scored(memoryRecord(`m${index}`, `note ${index}`)),
      ),
    });
    await recall(many.source, { scope: userScope, cue: 'tea' }, resolveRecallOptions({}), { now });
    expect(many.queries).toHaveLength(1);
  });

  it('does not ask the store when the limit is 0', async () => {
    const { source, queries } = answering({});
    const result = await recall(
      source,
      { scope: userScope, cue: 'tea' },
      resolveRecallOptions({ limit: 0 }),
      {
        now,
      },
    );
    expect(queries).toEqual([]);
    expect(result).toEqual({ memories: [], dropped: [], degradations: [] });
  });

  it('throws ScopeViolation for a row the scope cannot see, naming row and scopes', async () => {
    const { source } = answering({
      memories: [
        scored(memoryRecord('mine', 'likes tea')),
        scored(memoryRecord('leak', 'secret', { scope: { tenant: 'acme', path: ['user:420'] } })),
      ],
    });
    const error = await recall(source, { scope: userScope, cue: 'tea' }, resolveRecallOptions(), {
      now,
    }).catch((caught: unknown) => caught);
    expect(ScopeViolation.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      rowId: 'leak',
      rowScope: 'acme/user:420',
      queryScope: 'acme/user:42',
    });
    expect((error as Error).message).not.toContain('secret');
  });

  it('sees ancestors and descendants, as core does', async () => {
    const { source } = answering({
      memories: [
        scored(
          memoryRecord('tenant-wide', 'company policy', { scope: { tenant: 'acme', path: [] } }),
        ),
        scored(
          memoryRecord('conversation', 'asked about tea', {
            scope: { tenant: 'acme', path: ['user:42', 'conversation:1'] },
          }),
        ),
      ],
    });
    const result = await recall(source, { scope: userScope, cue: 'x' }, resolveRecallOptions(), {
      now,
    });
    expect(result.memories.map(({ record }) => record.id).sort()).toEqual([
      'conversation',
      'tenant-wide',
    ]);
  });

  it("keeps the store's drops and degradations, and drops a row answered twice", async () => {
    const { source } = answering({
      memories: [scored(memoryRecord('a', 'likes tea')), scored(memoryRecord('a', 'likes tea'))],
      dropped: [{ id: 'z', reason: 'the store left it out' }],
      degradations: [{ code: 'no-embedder', detail: 'lexical only' }],
    });
    const result = await recall(source, { scope: userScope, cue: 'tea' }, resolveRecallOptions(), {
      now,
    });
    expect(result.memories.map(({ record }) => record.id)).toEqual(['a']);
    expect(result.dropped).toEqual([
      { id: 'z', reason: 'the store left it out' },
      { id: 'a', reason: 'the store answered this memory more than once' },
    ]);
    expect(result.degradations).toEqual([{ code: 'no-embedder', detail: 'lexical only' }]);
  });

  it('applies the gates in order, each drop with its reason', async () => {
    const { source } = answering({
      memories: [
        scored(memoryRecord('trivia', 'the sky was grey', { salience: 0.1 }), 0.9),
        scored(memoryRecord('irrelevant', 'owns a bicycle', { salience: 0.9 }), 0.05),
        scored(memoryRecord('long', 'x'.repeat(30), { salience: 0.9 }), 0.9),
        scored(memoryRecord('first', 'likes green tea', { salience: 0.9 }), 0.8),
        scored(memoryRecord('second', 'drinks tea at 5', { salience: 0.8 }), 0.7),
        scored(memoryRecord('third', 'tea', { salience: 0.7 }), 0.6),
      ],
    });
    const options = resolveRecallOptions({
      minSalience: 0.5,
      minRelevance: 0.1,
      caps: { semantic: 25, episodic: 100, total: 100 },
      limit: 1,
    });
    const result = await recall(source, { scope: userScope, cue: 'tea' }, options, { now });
    expect(result.memories.map(({ record }) => record.id)).toEqual(['first']);
    expect(result.dropped).toEqual([
      { id: 'trivia', reason: 'salience 0.1 is under the floor 0.5' },
      { id: 'irrelevant', reason: 'relevance 0.05 is under the floor 0.1' },
      { id: 'long', reason: '30 characters do not fit the semantic cap of 25 (0 used)' },
      { id: 'second', reason: '15 characters do not fit the semantic cap of 25 (15 used)' },
      { id: 'third', reason: 'beyond the 1-memory limit' },
    ]);
  });

  it('shows a value just under its floor with the digits that tell them apart', async () => {
    const { source } = answering({
      memories: [
        scored(memoryRecord('near', 'likes oolong', { salience: 0.4996 }), 0.9),
        scored(memoryRecord('vague', 'likes tea', { salience: 0.9 }), 0.29996),
      ],
    });
    const options = resolveRecallOptions({ minSalience: 0.5, minRelevance: 0.3 });
    const result = await recall(source, { scope: userScope, cue: 'tea' }, options, { now });
    expect(result.dropped).toEqual([
      { id: 'near', reason: 'salience 0.4996 is under the floor 0.5' },
      { id: 'vague', reason: 'relevance 0.29996 is under the floor 0.3' },
    ]);
  });

  it('caps each layer and both together, letting a smaller memory fill what is left', async () => {
    const { source } = answering({
      memories: [
        scored(memoryRecord('s-big', 'a'.repeat(8), { salience: 1 })),
        scored(memoryRecord('e-big', 'b'.repeat(8), { layer: 'episodic', salience: 0.9 })),
        scored(memoryRecord('s-small', 'c'.repeat(2), { salience: 0.8 })),
        scored(memoryRecord('e-small', 'd'.repeat(2), { layer: 'episodic', salience: 0.7 })),
      ],
    });
    const options = resolveRecallOptions({ caps: { semantic: 9, episodic: 20, total: 18 } });
    const result = await recall(source, { scope: userScope, cue: 'x' }, options, { now });
    expect(result.memories.map(({ record }) => record.id)).toEqual(['s-big', 'e-big', 'e-small']);
    expect(result.dropped).toEqual([
      { id: 's-small', reason: '2 characters do not fit the semantic cap of 9 (8 used)' },
    ]);
    const tight = await recall(
      source,
      { scope: userScope, cue: 'x' },
      resolveRecallOptions({ caps: { semantic: 20, episodic: 20, total: 10 } }),
      { now },
    );
    expect(tight.memories.map(({ record }) => record.id)).toEqual(['s-big', 's-small']);
    expect(tight.dropped.map(({ reason }) => reason)).toEqual([
      '8 characters do not fit the total cap of 10 (8 used)',
      '2 characters do not fit the total cap of 10 (10 used)',
    ]);
  });

  it('counts the characters a memory renders with, flattened and trimmed', async () => {
    const { source } = answering({ memories: [scored(memoryRecord('a', '  ab\n\n\ncd  '))] });
    const result = await recall(
      source,
      { scope: userScope, cue: 'x' },
      resolveRecallOptions({ caps: { semantic: 5, episodic: 0, total: 5 } }),
      { now },
    );
    expect(result.memories).toHaveLength(1);
  });

  it('ranks the same way whatever order the store answered in', async () => {
    const records = Array.from({ length: 20 }, (_, index) =>
      scored(
        memoryRecord(`m${index}`, `memory ${index}`, { salience: (index % 3) / 3 }),
        index % 4,
      ),
    );
    const forward = await recall(
      answering({ memories: records }).source,
      { scope: userScope, cue: 'x' },
      resolveRecallOptions(),
      { now },
    );
    const backward = await recall(
      answering({ memories: [...records].reverse() }).source,
      { scope: userScope, cue: 'x' },
      resolveRecallOptions(),
      { now },
    );
    expect(backward.memories.map(({ record }) => record.id)).toEqual(
      forward.memories.map(({ record }) => record.id),
    );
    expect(backward.dropped).toEqual(forward.dropped);
  });

  it('puts relevance on the scorer scale when one is given, and passes its failure on', async () => {
    const { source } = answering({
      memories: [
        scored(memoryRecord('a', 'likes tea'), 100),
        scored(memoryRecord('b', 'owns a cat'), 50),
      ],
    });
    const options = resolveRecallOptions({ minRelevance: 0.5 });
    const result = await recall(source, { scope: userScope, cue: 'tea' }, options, {
      now,
      relevance: async (_cue, records) => records.map(({ id }) => (id === 'a' ? 0.9 : 0.2)),
    });
    expect(result.memories.map(({ record, relevance }) => [record.id, relevance])).toEqual([
      ['a', 0.9],
    ]);
    expect(result.dropped).toEqual([{ id: 'b', reason: 'relevance 0.2 is under the floor 0.5' }]);
    await expect(
      recall(source, { scope: userScope, cue: 'tea' }, options, {
        now,
        relevance: async () => {
          throw new MemoryUnavailable('embedder down');
        },
      }),
    ).rejects.toSatisfy(MemoryUnavailable.isInstance);
  });

  it("takes the store's similarity as the cosine, and scores only the candidates without one", async () => {
    const { source } = answering({
      memories: [
        { ...scored(memoryRecord('a', 'likes tea'), 100), similarity: 0.8 },
        scored(memoryRecord('b', 'owns a cat'), 50),
        { ...scored(memoryRecord('c', 'drinks coffee'), 10), similarity: 0.1 },
      ],
      similarityModel: 'model-a',
    });
    const asked: string[][] = [];
    const result = await recall(
      source,
      { scope: userScope, cue: 'tea' },
      resolveRecallOptions({ minRelevance: 0.3 }),
      {
        now,
        relevance: scorerOf('model-a', 0.4, asked),
      },
    );
    expect(asked).toEqual([['b']]);
    expect(result.memories.map(({ record, relevance }) => [record.id, relevance])).toEqual([
      ['a', 0.8],
      ['b', 0.4],
    ]);
    expect(result.dropped).toEqual([{ id: 'c', reason: 'relevance 0.1 is under the floor 0.3' }]);
  });

  it('never calls the scorer when the store gave every similarity', async () => {
    const { source } = answering({
      memories: [{ ...scored(memoryRecord('a', 'likes tea')), similarity: 0.5 }],
      similarityModel: 'model-a',
    });
    const result = await recall(
      source,
      { scope: userScope, cue: 'tea' },
      resolveRecallOptions({}),
      {
        now,
        relevance: Object.assign(
          async () => {
            throw new Error('the cue was embedded again');
          },
          { model: 'model-a' },
        ),
      },
    );
    expect(result.memories.map(({ relevance }) => relevance)).toEqual([0.5]);
  });

  it("scores every candidate itself when the store's similarities are of another model", async () => {
    const memories = [{ ...scored(memoryRecord('a', 'likes tea')), similarity: 0.9 }];
    for (const similarityModel of ['model-b', undefined]) {
      const { source } = answering(
        similarityModel === undefined ? { memories } : { memories, similarityModel },
      );
      const asked: string[][] = [];
      const result = await recall(
        source,
        { scope: userScope, cue: 'tea' },
        resolveRecallOptions({}),
        {
          now,
          relevance: scorerOf('model-a', 0.2, asked),
        },
      );
      expect(asked).toEqual([['a']]);
      expect(result.memories.map(({ relevance }) => relevance)).toEqual([0.2]);
    }
  });

  it("keeps the store's relevance without a scorer, whatever similarity it gave", async () => {
    const { source } = answering({
      memories: [{ ...scored(memoryRecord('a', 'likes tea'), 7), similarity: 0.5 }],
    });
    const result = await recall(
      source,
      { scope: userScope, cue: 'tea' },
      resolveRecallOptions({}),
      {
        now,
      },
    );
    expect(result.memories.map(({ relevance }) => relevance)).toEqual([7]);
  });

  it('accounts for every candidate exactly once, within the limit and the caps', async () => {
    const candidate = fc.record({
      text: fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim().length > 0),
      layer: fc.constantFrom('semantic' as const, 'episodic' as const),
      salience: fc.double({ min: 0, max: 1, noNaN: true }),
      relevance: fc.double({ min: -5, max: 5, noNaN: true }),
      ageDays: fc.integer({ min: 0, max: 400 }),
    });
    const options = fc.record({
      limit: fc.integer({ min: 1, max: 20 }),
      minSalience: fc.double({ min: 0, max: 1, noNaN: true }),
      minRelevance: fc.option(fc.double({ min: -5, max: 5, noNaN: true }), { nil: undefined }),
      caps: fc.record({
        semantic: fc.integer({ min: 0, max: 200 }),
        episodic: fc.integer({ min: 0, max: 200 }),
        total: fc.integer({ min: 0, max: 300 }),
      }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(candidate, { maxLength: 40 }), options, async (rows, chosen) => {
        const memories = rows.map((row, index) =>
          scored(
            memoryRecord(`m${index}`, row.text, {
              layer: row.layer,
              salience: row.salience,
              updatedAt: new Date(now.getTime() - row.ageDays * 86_400_000),
            }),
            row.relevance,
          ),
        );
        const resolved = resolveRecallOptions(chosen);
        const result = await recall(
          answering({ memories }).source,
          { scope: userScope, cue: 'x' },
          resolved,
          { now },
        );
        const kept = result.memories.map(({ record }) => record.id);
        const left = result.dropped.map(({ id }) => id);
        expect([...kept, ...left].sort()).toEqual(memories.map(({ record }) => record.id).sort());
        expect(kept.length).toBeLessThanOrEqual(resolved.limit);
        const length = (layer?: string) =>
          result.memories
            .filter(({ record }) => layer === undefined || record.layer === layer)
            .reduce((sum, { record }) => sum + record.text.trim().length, 0);
        expect(length('semantic')).toBeLessThanOrEqual(resolved.caps.semantic);
        expect(length('episodic')).toBeLessThanOrEqual(resolved.caps.episodic);
        expect(length()).toBeLessThanOrEqual(resolved.caps.total);
        const scores = result.memories.map(({ score }) => score);
        expect(scores).toEqual([...scores].sort((left, right) => right - left));
        for (const { reason } of result.dropped) expect(reason.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});
