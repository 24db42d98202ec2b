import { DegradationCode, type MemoryScope, MemoryUnavailable } from '@symfonic/core';
import { createLocalEmbedder, createMemory } from '@symfonic/memory';
import { describe, expect, it } from 'vitest';
import { createFlakyEmbedder, type EmbedderFault } from '../doubles/flaky-embedder.js';
import { knownBugs } from '../harness/known-bugs.js';
import { listAll } from '../harness/scope-snapshot.js';
import type { SuiteContext } from './suite-context.js';

const provenance = { writer: 'embedder-fault-suite' };
const faults: readonly EmbedderFault[] = ['throw', 'omit', 'nan', 'short'];

/** The store's apply fails whole, writes nothing, retrieval degrades, and a retry completes. */
async function storeSurvives(context: SuiteContext, fault: EmbedderFault): Promise<void> {
  const { store, embedder } = context.underTest();
  if (!embedder) throw new Error(`${context.name} embeds its writes but exposes no embedder`);
  const scope: MemoryScope = { tenant: `embedder-${fault}`, path: ['user:1'] };
  await store.apply(scope, [{ op: 'add', text: 'harbor kept before the fault' }], provenance);
  const batch = [
    { op: 'add', text: 'harbor first of the batch' },
    { op: 'add', text: 'harbor poisoned second of the batch' },
    { op: 'add', text: 'harbor third of the batch' },
  ];
  const faultsBefore = embedder.faults;
  embedder.fault = fault;
  const failure = await store.apply(scope, batch, provenance).catch((error: unknown) => error);
  context.figures.count('faultsInjected', embedder.faults - faultsBefore);
  expect(MemoryUnavailable.isInstance(failure), 'the apply reports the failure').toBe(true);
  expect((await listAll(store, scope)).map((record) => record.text)).toEqual([
    'harbor kept before the fault',
  ]);
  const retrieved = await store.retrieve({ scope, cue: 'harbor poisoned', limit: 10 });
  expect(retrieved.degradations.map((degradation) => degradation.code)).toContain(
    DegradationCode.embeddingFailed,
  );
  expect(retrieved.memories.map((memory) => memory.record.text)).toContain(
    'harbor kept before the fault',
  );

  embedder.fault = undefined;
  const retried = await store.apply(scope, batch, provenance);
  expect(retried.applied).toHaveLength(3);
  expect(await listAll(store, scope)).toHaveLength(4);
}

/** A memory ranking with a failing embedder degrades recall, then recalls everything once it is well. */
async function hydrateSurvives(context: SuiteContext, fault: EmbedderFault): Promise<void> {
  const { store } = context.underTest();
  const scope: MemoryScope = { tenant: `relevance-${fault}`, path: ['user:1'] };
  await store.apply(
    scope,
    [
      { op: 'add', text: 'harbor calm memory' },
      { op: 'add', text: 'harbor poisoned memory' },
    ],
    provenance,
  );
  const embedder = createFlakyEmbedder(createLocalEmbedder());
  const memory = createMemory({ store, embedder, recall: { minRelevance: 0.01 } });
  embedder.fault = fault;
  const block = await memory.hydrate(scope, 'harbor');
  context.figures.count('faultsInjected', embedder.faults);
  expect(block.degraded.recall).toBe(true);
  expect(block.degraded.conditions.map((condition) => condition.code)).toContain(
    'recall-unavailable',
  );
  expect(block.recalled).toEqual([]);

  embedder.fault = undefined;
  const healthy = await memory.hydrate(scope, 'harbor');
  expect(healthy.degraded.recall).toBe(false);
  expect(healthy.recalled.map((item) => item.record.text).sort()).toEqual([
    'harbor calm memory',
    'harbor poisoned memory',
  ]);
}

/**
 * An embedder failing on part of a batch (throwing for it, leaving one
 * vector out, answering NaN or a short vector for one text): the store's
 * apply fails whole and writes nothing, retrieval degrades to lexical, the
 * memory loop's hydrate degrades, and each completes once the embedder is
 * well. The store half is declared only for a store that embeds its writes.
 */
export function describeEmbedderFaultSuite(context: SuiteContext): void {
  const storeTakesNan =
    context.name.startsWith('in-memory') && knownBugs.inMemoryStoreTakesNonFiniteVectors;

  describe('embedder failing on part of a batch', () => {
    for (const fault of faults) {
      const storeTitle = `fails the whole apply and degrades retrieval (${fault})`;
      const storeTest = () => storeSurvives(context, fault);
      if (context.settings.embedsWrites) {
        if (fault === 'nan' && storeTakesNan) it.fails(storeTitle, storeTest);
        else it(storeTitle, storeTest);
      }

      const hydrateTitle = `degrades the hydrate of a memory that ranks with it (${fault})`;
      const hydrateTest = () => hydrateSurvives(context, fault);
      if (fault === 'nan' && knownBugs.relevanceTakesNonFiniteVectors) {
        it.fails(hydrateTitle, hydrateTest);
      } else {
        it(hydrateTitle, hydrateTest);
      }
    }
  });
}
