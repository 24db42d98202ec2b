import type { MemoryScope, MemoryStore } from '@symfonic/core';
import { createMemory } from '@symfonic/memory';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
import { createInMemoryStore } from '@symfonic/store-memory';
import { generateText, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symfonicMemory } from './symfonic-memory.js';
import { scriptedModel } from './testing/scripted-model.js';

const conversation: MemoryScope = { tenant: 'acme', path: ['user:ada', 'conversation:1'] };
const owner: MemoryScope = { tenant: 'acme', path: ['user:ada'] };

const stores: readonly [string, () => Promise<MemoryStore>][] = [
  ['in-memory store', async () => createInMemoryStore()],
  ['PGlite store', () => openPGliteStore()],
];

describe.each(stores)('turn numbers on the %s', (_name, open) => {
  let store: MemoryStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store.close();
  });

  it('come from the store: concurrent requests in one conversation never share a number', async () => {
    const memory = createMemory({ store });
    const requests = 6;
    await Promise.all(
      Array.from({ length: requests }, (_, index) =>
        generateText({
          // A middleware per request, as the README says to build one.
          model: wrapLanguageModel({
            model: scriptedModel([{ deltas: [`Answer ${index}.`] }]),
            middleware: symfonicMemory({ memory, conversation, owner }),
          }),
          prompt: `Question ${index}?`,
        }),
      ),
    );
    const logged = await store.recent(conversation, 100);
    expect(logged).toHaveLength(requests * 2);
    expect(logged.map(({ turn }) => turn)).toEqual(
      Array.from({ length: requests * 2 }, (_, index) => index),
    );
    // Each answer comes after its own question.
    for (let index = 0; index < requests; index += 1) {
      const question = logged.find(({ text }) => text === `Question ${index}?`);
      const answer = logged.find(({ text }) => text === `Answer ${index}.`);
      expect(question && answer && answer.turn > question.turn).toBe(true);
    }
  });
});
