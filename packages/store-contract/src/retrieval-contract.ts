import {
  DegradationCode,
  InvalidMemoryInput,
  Limits,
  limitReason,
  type RetrievalResult,
  type ScoredMemory,
} from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemories, addMemory, expectFailure, idsOf } from './contract-fixtures.js';

/** The tie rule every store follows: equal relevance → higher salience, then later update, then smaller id. */
function comesBefore(first: ScoredMemory, second: ScoredMemory): boolean {
  if (first.relevance !== second.relevance) return first.relevance > second.relevance;
  if (first.record.salience !== second.record.salience) {
    return first.record.salience > second.record.salience;
  }
  const firstUpdate = first.record.updatedAt.getTime();
  const secondUpdate = second.record.updatedAt.getTime();
  if (firstUpdate !== secondUpdate) return firstUpdate > secondUpdate;
  return first.record.id < second.record.id;
}

/** Assert `result.memories` is ranked best first with the documented tie rule, and no row is both served and dropped. */
function expectWellFormed(result: RetrievalResult): void {
  result.memories.slice(1).forEach((memory, index) => {
    const previous = result.memories[index];
    if (previous) expect(comesBefore(previous, memory), 'memories must be best first').toBe(true);
  });
  const served = new Set(idsOf(result.memories));
  const dropped = result.dropped.map((row) => row.id);
  expect(new Set(dropped).size, 'a row is dropped once').toBe(dropped.length);
  for (const id of dropped) expect(served.has(id), 'a served row is not also dropped').toBe(false);
  for (const row of result.dropped) expect(row.reason.trim().length).toBeGreaterThan(0);
}

const tokenize = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

/** Retrieval: the cap, ranking, floors, the uncapped scan, rare words, paraphrases, degradations. */
export function describeRetrievalContract(context: ContractContext): void {
  describe('retrieval', () => {
    it('answers at most limit, best first, and drops the rest with the limit as reason', async () => {
      const store = context.store();
      const records = await addMemories(
        store,
        acme('user:1'),
        Array.from({ length: 8 }, (_, index) => `lighthouse keeper log entry ${index}`),
      );
      const result = await store.retrieve({ scope: acme('user:1'), cue: 'lighthouse', limit: 3 });
      expectWellFormed(result);
      expect(result.memories).toHaveLength(3);
      const found = new Set([...idsOf(result.memories), ...idsOf(result.dropped)]);
      for (const record of records) expect(found.has(record.id)).toBe(true);
      const overflow = result.dropped.filter((row) => records.some((r) => r.id === row.id));
      expect(overflow).toHaveLength(5);
      for (const row of overflow) {
        expect(row.reason).toMatch(/limit/i);
        expect(row.reason).toContain('3');
      }
    });

    it('answers every found row in dropped when the limit is 0', async () => {
      const store = context.store();
      const records = await addMemories(store, acme('user:1'), [
        'harbor at dawn',
        'harbor at dusk',
      ]);
      const result = await store.retrieve({ scope: acme('user:1'), cue: 'harbor', limit: 0 });
      expect(result.memories).toEqual([]);
      expect(idsOf(result.dropped).sort()).toEqual(idsOf(records).sort());
    });

    it('returns whole records, provenance included', async () => {
      const store = context.store();
      const record = await addMemory(
        store,
        acme('user:1'),
        { op: 'add', text: 'Keeps bees on the roof', layer: 'episodic', salience: 0.8 },
        { writer: 'extractor', turnId: 'turn-7', replyFamily: 'anthropic' },
      );
      const result = await store.retrieve({ scope: acme('user:1'), cue: 'bees', limit: 5 });
      expect(result.memories[0]?.record).toEqual(record);
      expect(typeof result.memories[0]?.relevance).toBe('number');
    });

    it('breaks ties deterministically: salience, then the later update, then the smaller id', async () => {
      const store = context.store();
      const texts = ['alpha', 'bravo', 'delta', 'gamma', 'kappa', 'omega'];
      for (const [index, word] of texts.entries()) {
        await addMemory(store, acme('user:1'), {
          op: 'add',
          text: `lantern ${word}`,
          salience: index % 2 === 0 ? 0.5 : 0.8,
        });
      }
      const query = { scope: acme('user:1'), cue: 'lantern', limit: 10 };
      const first = await store.retrieve(query);
      expectWellFormed(first);
      expect(first.memories).toHaveLength(6);
      const again = await store.retrieve(query);
      expect(idsOf(again.memories)).toEqual(idsOf(first.memories));
    });

    it('drops rows under a salience floor, saying so', async () => {
      const store = context.store();
      const [low, high] = await addMemories(store, acme('user:1'), [
        { op: 'add', text: 'beacon on the hill', salience: 0.2 },
        { op: 'add', text: 'beacon by the sea', salience: 0.9 },
      ]);
      const result = await store.retrieve({
        scope: acme('user:1'),
        cue: 'beacon',
        limit: 10,
        minSalience: 0.5,
      });
      expectWellFormed(result);
      expect(idsOf(result.memories)).toEqual([high?.id]);
      const dropped = result.dropped.find((row) => row.id === low?.id);
      expect(dropped?.reason).toMatch(/salience/i);
      expect(dropped?.reason).toContain('0.5');
    });

    it('drops rows under a relevance floor, saying so', async () => {
      const store = context.store();
      const [strong, weak] = await addMemories(store, acme('user:1'), [
        'harbor lights',
        'harbor where the old ferry used to dock every single evening in summer',
      ]);
      const open = await store.retrieve({ scope: acme('user:1'), cue: 'harbor lights', limit: 10 });
      const relevanceOf = (id?: string) =>
        open.memories.find((memory) => memory.record.id === id)?.relevance ?? Number.NaN;
      expect(idsOf(open.memories).slice(0, 2)).toEqual([strong?.id, weak?.id]);
      expect(relevanceOf(strong?.id)).toBeGreaterThan(relevanceOf(weak?.id));
      const floor = (relevanceOf(strong?.id) + relevanceOf(weak?.id)) / 2;
      const result = await store.retrieve({
        scope: acme('user:1'),
        cue: 'harbor lights',
        limit: 10,
        minRelevance: floor,
      });
      expectWellFormed(result);
      expect(idsOf(result.memories)).toEqual([strong?.id]);
      const dropped = result.dropped.find((row) => row.id === weak?.id);
      expect(dropped?.reason).toMatch(/relevance/i);
      expect(dropped?.reason).toMatch(/floor/i);
    });

    it('keeps to the layers asked for', async () => {
      const store = context.store();
      const [episode] = await addMemories(store, acme('user:1'), [
        { op: 'add', text: 'Went sailing on Sunday', layer: 'episodic' },
        { op: 'add', text: 'Loves sailing', layer: 'semantic' },
      ]);
      const result = await store.retrieve({
        scope: acme('user:1'),
        cue: 'sailing',
        limit: 10,
        layers: ['episodic'],
      });
      expect(idsOf(result.memories)).toEqual([episode?.id]);
      expect(idsOf(result.dropped)).toEqual([]);
    });

    it('scans every admissible row, uncapped by limit', async () => {
      const store = context.store();
      const records = await addMemories(
        store,
        acme('user:1'),
        Array.from({ length: 30 }, (_, index) => `compass reading number ${index}`),
      );
      const result = await store.scanCandidates({
        scope: acme('user:1'),
        cue: 'compass',
        limit: 2,
      });
      expectWellFormed(result);
      const served = new Set(idsOf(result.memories));
      for (const record of records) expect(served.has(record.id)).toBe(true);
      for (const row of result.dropped) expect(row.reason).not.toBe(limitReason(2));
    });

    it('finds the memory holding the cue’s rare word among many sharing its common words', async () => {
      const store = context.store();
      await addMemories(
        store,
        acme('user:1'),
        Array.from({ length: 30 }, (_, index) => `the customer ordered tea at table ${index}`),
      );
      const rare = await addMemory(store, acme('user:1'), 'the customer ordered a theremin');
      const result = await store.retrieve({
        scope: acme('user:1'),
        cue: 'which customer ordered tea or a theremin',
        limit: 3,
      });
      expect(idsOf(result.memories)).toContain(rare.id);
    });

    it('says so when more memories matched the cue than it read', async () => {
      const store = context.store();
      const count = 120;
      await addMemories(
        store,
        acme('user:1'),
        Array.from({ length: count }, (_, index) => `Lantern note number ${index}`),
      );
      const result = await store.retrieve({ scope: acme('user:1'), cue: 'lantern', limit: 5 });
      const answered = result.memories.length + result.dropped.length;
      expect(answered).toBeLessThan(count);
      expect(result.degradations.map((row) => row.code)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            new RegExp(
              `^(${DegradationCode.scanBudgetSpent}|${DegradationCode.commonTermsSkipped})$`,
            ),
          ),
        ]),
      );
    });

    it('finds Unicode words in the cue', async () => {
      const store = context.store();
      const record = await addMemory(store, acme('user:1'), 'Пользователь живёт в Москве');
      await addMemory(store, acme('user:1'), 'Пользователь любит чай');
      const result = await store.retrieve({ scope: acme('user:1'), cue: 'Москве', limit: 5 });
      expect(idsOf(result.memories)[0]).toBe(record.id);
    });

    it('searches a cue for its first Limits.cueTerms distinct words, reporting cue-shortened', async () => {
      const store = context.store();
      const scope = acme('user:1');
      // Made-up words no stemmer or stop list changes, each distinct.
      const consonants = 'bcdfghjklmnpqrtvwxz';
      const word = (index: number) =>
        `kv${consonants[Math.floor(index / consonants.length)]}${consonants[index % consonants.length]}`;
      const last = Limits.cueTerms - 1;
      const [within, beyond] = await addMemories(store, scope, [word(last), word(Limits.cueTerms)]);
      const words = Array.from({ length: Limits.cueTerms + 10 }, (_, index) => word(index));
      // Said twice, the words are still distinct once: a repeat is not a new word.
      const cue = [...words, ...words].join(' ');
      const shortened = (result: RetrievalResult) =>
        result.degradations.filter(({ code }) => code === DegradationCode.cueShortened);
      for (const result of [
        await store.retrieve({ scope, cue, limit: 5 }),
        await store.scanCandidates({ scope, cue, limit: 5 }),
      ]) {
        // Only the words searched for find a memory by its words; vectors read the whole cue.
        if (context.capabilities.vectors) expect(idsOf(result.memories)).toContain(within?.id);
        else expect(idsOf(result.memories)).toEqual([within?.id]);
        expect(shortened(result)).toEqual([
          {
            code: DegradationCode.cueShortened,
            detail: expect.stringContaining(`the cue has ${Limits.cueTerms + 10} distinct words`),
          },
        ]);
      }
      const bounded = await store.retrieve({
        scope,
        cue: words.slice(0, Limits.cueTerms).join(' '),
        limit: 5,
      });
      expect(idsOf(bounded.memories)).toContain(within?.id);
      expect(shortened(bounded)).toEqual([]);
      expect(beyond).toBeDefined();
    });

    it('refuses a malformed query with InvalidMemoryInput', async () => {
      const store = context.store();
      const scope = acme('user:1');
      await expectFailure(store.retrieve({ scope, cue: 'x', limit: -1 }), InvalidMemoryInput.code);
      await expectFailure(
        store.retrieve({ scope, cue: 'x', limit: Limits.queryLimit + 1 }),
        InvalidMemoryInput.code,
      );
      await expectFailure(
        store.retrieve({ scope, cue: 'x'.repeat(Limits.cueText + 1), limit: 1 }),
        InvalidMemoryInput.code,
      );
      await expectFailure(
        store.scanCandidates({ scope: { tenant: '', path: [] }, cue: 'x', limit: 1 }),
        InvalidMemoryInput.code,
      );
    });

    const vectors = context.capabilities.vectors === true;

    it.skipIf(!vectors)(
      'finds a paraphrase with no word in common with the cue (vectors)',
      async () => {
        const store = context.store();
        const memory = 'The user is allergic to peanuts';
        const cue = 'Which nuts cause her a reaction?';
        const shared = tokenize(memory).filter((word) => tokenize(cue).includes(word));
        expect(shared, 'the fixture must share no word').toEqual([]);
        await addMemories(store, acme('user:1'), [
          'Plays tennis on Thursdays',
          'Drives an old Volvo',
          'Her daughter is called Ana',
          'Works as a nurse in Leeds',
          'Prefers aisle seats on flights',
          'Sings in a choir',
        ]);
        const allergy = await addMemory(store, acme('user:1'), memory);
        const result = await store.retrieve({ scope: acme('user:1'), cue, limit: 3 });
        expect(idsOf(result.memories)).toContain(allergy.id);
        expect(result.degradations).toEqual([]);
      },
    );

    it.skipIf(!vectors)(
      'still answers lexically when the embedder fails, and says so (vectors)',
      async () => {
        const store = context.store();
        const record = await addMemory(store, acme('user:1'), 'Grows tomatoes on the balcony');
        context.embedder.setAvailable(false);
        const result = await store.retrieve({ scope: acme('user:1'), cue: 'tomatoes', limit: 3 });
        context.embedder.setAvailable(true);
        expect(idsOf(result.memories)).toEqual([record.id]);
        expect(result.degradations.map((row) => row.code)).toContain(
          DegradationCode.embeddingFailed,
        );
      },
    );
    it.skipIf(vectors)('says in degradations that it ranked without vectors', async () => {
      const store = context.store();
      await addMemory(store, acme('user:1'), 'Grows tomatoes on the balcony');
      const result = await store.retrieve({ scope: acme('user:1'), cue: 'tomatoes', limit: 3 });
      expect(result.memories).toHaveLength(1);
      const codes = result.degradations.map((row) => row.code);
      expect(
        codes.some(
          (code) => code === DegradationCode.noEmbedder || code === DegradationCode.noVectorIndex,
        ),
      ).toBe(true);
    });
  });
}
