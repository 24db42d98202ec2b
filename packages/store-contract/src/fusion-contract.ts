import {
  DegradationCode,
  type FusionWeightsOption,
  InvalidMemoryInput,
  type RetrievalResult,
  SymfonicError,
} from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context.js';
import { acme, addMemories, expectFailure } from './contract-fixtures.js';
import { createFixedEmbedder } from './fixed-embedder.js';
import type { StoreHarness } from './store-harness.js';
import { createTestEmbedder } from './test-embedder.js';
import { withStore } from './with-store.js';

const textsOf = (result: RetrievalResult): string[] =>
  result.memories.map((memory) => memory.record.text);

const codesOf = (result: RetrievalResult): string[] =>
  result.degradations.map((degradation) => degradation.code);

/** The degradations a store without vectors reports on every retrieval. */
const lexicalOnlyCodes: readonly string[] = [
  DegradationCode.noEmbedder,
  DegradationCode.noVectorIndex,
];

/**
 * Fusion weights (the store's `fusionWeights` option): a zero weight turns a
 * ranking off, the heavier ranking wins a disagreement, weights that cannot
 * rank are refused when the store opens.
 */
export function describeFusionContract(context: ContractContext): void {
  const vectors = context.capabilities.vectors === true;

  describe('fusion weights', () => {
    it.skipIf(!vectors)(
      'ranks a paraphrase by vectors alone with a zero lexical weight (vectors)',
      async () => {
        await withStore(context, createTestEmbedder(), { lexical: 0 }, async (store) => {
          await addMemories(store, acme('user:1'), [
            'Her puppy is a labrador',
            'Bakes sourdough bread',
          ]);
          // "dog" is no word of any memory: only the vector ranking can find the puppy.
          const result = await store.retrieve({ scope: acme('user:1'), cue: 'dog', limit: 5 });
          expect(textsOf(result)[0]).toBe('Her puppy is a labrador');
          expect(result.degradations).toEqual([]);
        });
      },
    );

    it.skipIf(!vectors)(
      'falls back to full text, saying so, when a zero lexical weight meets a failing embedder (vectors)',
      async () => {
        const embedder = createTestEmbedder();
        await withStore(context, embedder, { lexical: 0 }, async (store) => {
          await addMemories(store, acme('user:1'), ['Bakes sourdough bread', 'Owns a dog']);
          embedder.setAvailable(false);
          const result = await store.retrieve({
            scope: acme('user:1'),
            cue: 'sourdough',
            limit: 5,
          });
          expect(textsOf(result)).toEqual(['Bakes sourdough bread']);
          expect(codesOf(result)).toEqual([DegradationCode.embeddingFailed]);
        });
      },
    );

    it.skipIf(vectors)(
      'with a zero lexical weight and no vectors, refuses to open or ranks by full text, saying so',
      async () => {
        let opened: StoreHarness;
        try {
          opened = await context.open({
            embedder: createTestEmbedder(),
            fusionWeights: { lexical: 0 },
          });
        } catch (error) {
          // A store given no embedder has nothing to rank with: it must refuse.
          expect(SymfonicError.isInstance(error), `got ${String(error)}`).toBe(true);
          expect((error as SymfonicError).code).toBe(InvalidMemoryInput.code);
          return;
        }
        try {
          await opened.reset();
          const { store } = opened;
          await addMemories(store, acme('user:1'), ['Bakes sourdough bread', 'Owns a dog']);
          const result = await store.retrieve({
            scope: acme('user:1'),
            cue: 'sourdough',
            limit: 5,
          });
          expect(textsOf(result)).toEqual(['Bakes sourdough bread']);
          expect(codesOf(result).length).toBeGreaterThan(0);
          for (const code of codesOf(result)) expect(lexicalOnlyCodes).toContain(code);
        } finally {
          await opened.close();
        }
      },
    );

    it('ranks by full text alone, never embedding the cue, with a zero vector weight', async () => {
      const embedder = createTestEmbedder();
      await withStore(context, embedder, { vector: 0 }, async (store) => {
        await addMemories(store, acme('user:1'), ['Her puppy is a labrador', 'Owns a dog']);
        const callsAfterWrite = embedder.calls;
        const result = await store.retrieve({ scope: acme('user:1'), cue: 'dog', limit: 5 });
        expect(textsOf(result)).toEqual(['Owns a dog']);
        expect(embedder.calls, 'the cue must not be embedded').toBe(callsAfterWrite);
        if (vectors) expect(result.degradations).toEqual([]);
        else for (const code of codesOf(result)) expect(lexicalOnlyCodes).toContain(code);
      });
    });

    it.skipIf(!vectors)(
      'lets the heavier ranking decide the order when the two disagree (vectors)',
      async () => {
        // Words find only the pie; the vectors put the bread first and the pie last (or nowhere).
        const embedder = createFixedEmbedder(
          {
            'apple pie recipe': [0, -1],
            'banana bread': [1, 0],
            'cherry tart': [0.8, -0.2],
            'plum cake': [0.5, -0.5],
            apple: [1, 0.1],
          },
          [0, 1],
        );
        const firstWith = (fusionWeights: FusionWeightsOption) =>
          withStore(context, embedder, fusionWeights, async (store) => {
            await addMemories(store, acme('user:1'), [
              'apple pie recipe',
              'banana bread',
              'cherry tart',
              'plum cake',
            ]);
            const result = await store.retrieve({ scope: acme('user:1'), cue: 'apple', limit: 5 });
            return textsOf(result)[0];
          });
        expect(await firstWith({ lexical: 10, vector: 1 })).toBe('apple pie recipe');
        expect(await firstWith({ lexical: 1, vector: 10 })).toBe('banana bread');
      },
    );

    it.skipIf(!vectors)(
      "weighs the vector ranking at its embedder's fusionMargin (vectors)",
      async () => {
        // The vectors' first and last cosines are about 1.1 apart: whole weight at core's default
        // margin, about a thousandth of it at a margin of 1000.
        const table = {
          'apple pie recipe': [0, -1],
          'banana bread': [1, 0],
          'cherry tart': [0.8, -0.2],
          'plum cake': [0.5, -0.5],
          apple: [1, 0.1],
        };
        const firstWith = (fusionMargin: number | undefined) =>
          withStore(
            context,
            {
              ...createFixedEmbedder(table, [0, 1]),
              ...(fusionMargin === undefined ? {} : { fusionMargin }),
            },
            { lexical: 1, vector: 10 },
            async (store) => {
              await addMemories(store, acme('user:1'), Object.keys(table).slice(0, 4));
              const result = await store.retrieve({
                scope: acme('user:1'),
                cue: 'apple',
                limit: 5,
              });
              return textsOf(result)[0];
            },
          );
        expect(await firstWith(undefined)).toBe('banana bread');
        expect(await firstWith(1000)).toBe('apple pie recipe');
      },
    );

    it.skipIf(!vectors)(
      'refuses an embedder whose fusionMargin is not a number above 0 when it opens (vectors)',
      async () => {
        for (const fusionMargin of [0, -0.1, Number.NaN]) {
          const opening = context
            .open({ embedder: { ...createTestEmbedder(), fusionMargin } })
            .then(async (harness) => harness.close());
          await expectFailure(opening, InvalidMemoryInput.code);
        }
      },
    );

    it('refuses weights that cannot rank with InvalidMemoryInput when it opens', async () => {
      for (const fusionWeights of [
        { lexical: -1 },
        { vector: Number.NaN },
        { lexical: Number.POSITIVE_INFINITY },
        { lexical: 0, vector: 0 },
      ]) {
        // A store that wrongly opens is closed, and the expectation then fails.
        const opening = context
          .open({ embedder: createTestEmbedder(), fusionWeights })
          .then(async (harness) => harness.close());
        await expectFailure(opening, InvalidMemoryInput.code);
      }
    });
  });
}
