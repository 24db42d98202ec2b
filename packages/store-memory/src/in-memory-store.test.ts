import {
  DegradationCode,
  type EmbeddingProvider,
  InvalidMemoryInput,
  MemoryUnavailable,
} from '@symfonic/core';
import { createTestEmbedder } from '@symfonic/store-contract';
import { describe, expect, it } from 'vitest';
import { createInMemoryStore } from './create-in-memory-store.js';

const scope = { tenant: 'acme', path: ['user:1'] };
const provenance = { writer: 'test' };

async function rejectionOf(action: Promise<unknown>): Promise<unknown> {
  try {
    await action;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('createInMemoryStore', () => {
  it('refuses a scan budget that is not a whole number from 1 up', () => {
    expect(() => createInMemoryStore({ scanBudget: 0 })).toThrow(InvalidMemoryInput);
    expect(() => createInMemoryStore({ scanBudget: 1.5 })).toThrow(InvalidMemoryInput);
  });

  it('reports rows a scan left unread once its budget is spent', async () => {
    const store = createInMemoryStore({ scanBudget: 3 });
    await store.apply(
      scope,
      Array.from({ length: 5 }, (_, index) => ({ op: 'add', text: `kite number ${index}` })),
      provenance,
    );
    const result = await store.scanCandidates({ scope, cue: 'kite', limit: 10 });
    expect(result.memories).toHaveLength(3);
    const spent = result.degradations.find((row) => row.code === DegradationCode.scanBudgetSpent);
    expect(spent?.detail).toContain('2 more matching memories');
  });

  it('leaves a word held by most memories out of matching, and says so', async () => {
    const store = createInMemoryStore({ scanBudget: 2 });
    const texts = Array.from({ length: 10 }, (_, index) => `common word ${index}`);
    await store.apply(
      scope,
      [...texts, 'common rarity'].map((text) => ({ op: 'add', text })),
      provenance,
    );
    const result = await store.retrieve({ scope, cue: 'common rarity', limit: 5 });
    expect(result.memories.map((memory) => memory.record.text)).toEqual(['common rarity']);
    expect(result.degradations.map((row) => row.code)).toContain(
      DegradationCode.commonTermsSkipped,
    );
  });

  it('ranks the memory holding a cue word above those sharing only its stop words', async () => {
    const store = createInMemoryStore();
    const texts = [
      'Yusuf: I quit smoking three weeks ago.',
      'Maya: Yusuf, what did you win at the charity auction?',
      'Maya: Yusuf, what did you cook for the party?',
      'Maya: Yusuf, what did you think of the film?',
      'Yusuf: The film was long, but I liked it.',
    ];
    await store.apply(
      scope,
      texts.map((text) => ({ op: 'add', text })),
      provenance,
    );
    const result = await store.retrieve({ scope, cue: 'What did Yusuf quit?', limit: 5 });
    expect(result.memories[0]?.record.text).toBe(texts[0]);
  });

  it('writes nothing when closed while the embedder is working', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const embedder: EmbeddingProvider = {
      model: 'slow',
      dimensions: 2,
      embed: async (texts) => {
        await gate;
        return texts.map(() => Float32Array.from([1, 0]));
      },
    };
    const store = createInMemoryStore({ embedder });
    const pending = store.apply(scope, [{ op: 'add', text: 'late write' }], provenance);
    await store.close();
    release();
    expect(MemoryUnavailable.isInstance(await rejectionOf(pending))).toBe(true);
  });

  it('raises MemoryUnavailable, writing nothing, when the embedder answers the wrong shape', async () => {
    const embedder: EmbeddingProvider = {
      model: 'broken',
      dimensions: 3,
      embed: async (texts) => texts.map(() => new Float32Array(2)),
    };
    const store = createInMemoryStore({ embedder });
    const error = await rejectionOf(
      store.apply(scope, [{ op: 'add', text: 'anything' }], provenance),
    );
    expect(MemoryUnavailable.isInstance(error)).toBe(true);
    expect((await store.list(scope)).records).toEqual([]);
  });

  it('raises MemoryUnavailable, writing nothing, when one vector of the batch is not finite', async () => {
    for (const poison of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      let poisoned = true;
      const embedder: EmbeddingProvider = {
        model: 'poisoned',
        dimensions: 2,
        embed: async (texts) =>
          texts.map((text) =>
            poisoned && text === 'second'
              ? Float32Array.from([1, poison])
              : Float32Array.from([1, 0]),
          ),
      };
      const store = createInMemoryStore({ embedder });
      const batch = ['first', 'second', 'third'].map((text) => ({ op: 'add', text }));
      const error = await rejectionOf(store.apply(scope, batch, provenance));
      expect(MemoryUnavailable.isInstance(error)).toBe(true);
      expect((error as MemoryUnavailable).message).toBe(
        `the embedder "poisoned" answered vector 2 of 3 with a non-finite value (${poison}) at dimension 2`,
      );
      expect((await store.list(scope)).records).toEqual([]);
      const retrieved = await store.retrieve({ scope, cue: 'second', limit: 5 });
      expect(retrieved.degradations.map((row) => row.code)).toContain(
        DegradationCode.embeddingFailed,
      );
      poisoned = false;
      expect((await store.apply(scope, batch, provenance)).applied).toHaveLength(3);
    }
  });

  it('hands out copies: editing a returned record changes nothing stored', async () => {
    const store = createInMemoryStore();
    const { applied } = await store.apply(
      scope,
      [{ op: 'add', text: 'Original', metadata: { tags: ['a'] } }],
      provenance,
    );
    const record = applied[0]?.record;
    if (!record) throw new Error('expected a record');
    record.text = 'edited';
    record.scope.path.push('elsewhere');
    record.createdAt.setTime(0);
    const tags = record.metadata?.tags;
    if (Array.isArray(tags)) tags.push('b');
    expect(await store.get(scope, record.id)).toMatchObject({
      text: 'Original',
      scope,
      metadata: { tags: ['a'] },
    });
    expect((await store.get(scope, record.id))?.createdAt.getTime()).not.toBe(0);
  });

  it('ranks a paraphrase by vectors and an exact word by both, with the test embedder', async () => {
    const store = createInMemoryStore({ embedder: createTestEmbedder() });
    const { applied } = await store.apply(
      scope,
      [
        { op: 'add', text: 'Her puppy is a labrador' },
        { op: 'add', text: 'Owns a dog and a cat' },
        { op: 'add', text: 'Bakes sourdough bread' },
      ],
      provenance,
    );
    const result = await store.retrieve({ scope, cue: 'dog', limit: 3 });
    expect(result.memories.slice(0, 2).map((memory) => memory.record.id)).toEqual([
      applied[1]?.record.id,
      applied[0]?.record.id,
    ]);
    expect(result.degradations).toEqual([]);
  });

  it('keeps cosine similarity as relevance when ranking by vectors alone', async () => {
    const embedder = createTestEmbedder();
    const store = createInMemoryStore({ embedder, fusionWeights: { lexical: 0 } });
    await store.apply(scope, [{ op: 'add', text: 'Her puppy is a labrador' }], provenance);
    const result = await store.retrieve({ scope, cue: 'dog', limit: 5 });
    const [cue, memory] = await embedder.embed(['dog', 'Her puppy is a labrador']);
    let cosine = 0;
    for (let index = 0; index < embedder.dimensions; index += 1) {
      cosine += (cue?.[index] ?? 0) * (memory?.[index] ?? 0);
    }
    expect(result.memories[0]?.relevance).toBeCloseTo(cosine, 6);
  });

  it('validates list and turn limits', async () => {
    const store = createInMemoryStore();
    await expect(store.list(scope, { limit: 0 })).rejects.toThrow(InvalidMemoryInput);
    await expect(store.list(scope, { limit: 1_001 })).rejects.toThrow(InvalidMemoryInput);
    await expect(store.recent(scope, -1)).rejects.toThrow(InvalidMemoryInput);
    await expect(store.recent(scope, 1.5)).rejects.toThrow(InvalidMemoryInput);
  });

  it('answers nothing for a blank cue', async () => {
    const store = createInMemoryStore();
    await store.apply(scope, [{ op: 'add', text: 'something' }], provenance);
    const result = await store.retrieve({ scope, cue: '   ', limit: 5 });
    expect(result.memories).toEqual([]);
    expect(result.dropped).toEqual([]);
  });
});
