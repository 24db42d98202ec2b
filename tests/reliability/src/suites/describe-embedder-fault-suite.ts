import {
  type ApplyResult,
  DegradationCode,
  type MemoryScope,
  MemoryUnavailable,
} from '@symfonic/core';
import { createLocalEmbedder, createMemory } from '@symfonic/memory';
import { describe, expect, it } from 'vitest';
import { createFlakyEmbedder, type EmbedderFault } from '../doubles/flaky-embedder.js';
import { knownBugs } from '../harness/known-bugs.js';
import { listAll } from '../harness/list-all.js';
import type { SuiteContext } from './suite-context.js';

const provenance = { writer: 'embedder-fault-suite' };
const faults: readonly EmbedderFault[] = ['throw', 'omit', 'nan', 'short'];

/** Whether the in-memory store's known bug decides the outcome of this store and fault. */
function storeTakesNan(context: SuiteContext, fault: EmbedderFault): boolean {
  return (
    fault === 'nan' &&
    context.name.startsWith('in-memory') &&
    knownBugs.inMemoryStoreTakesNonFiniteVectors
  );
}

/**
 * The store's apply fails whole, writes nothing, retrieval degrades, and a
 * retry completes. While `knownBugs.inMemoryStoreTakesNonFiniteVectors` is
 * set, the in-memory store is held to the bug as reported instead.
 */
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
  if (storeTakesNan(context, fault)) {
    // The reported bug, exactly: the whole batch is written, the NaN vector with it.
    expect((failure as ApplyResult).applied).toHaveLength(3);
    return;
  }
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

/**
 * A memory ranking with a failing embedder degrades recall, then recalls
 * everything once it is well. While `knownBugs.relevanceTakesNonFiniteVectors`
 * is set, a NaN vector is held to the bug as reported instead.
 */
async function hydrateSurvives(context: SuiteContext, fault: EmbedderFault): Promise<void> {
  const { store } = context.underTest();
  const scope: MemoryScope = { tenant: `relevance-${fault}`, path: ['user:1'] };
  const seeded = await store.apply(
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
  if (fault === 'nan' && knownBugs.relevanceTakesNonFiniteVectors) {
    // The reported bug, exactly: recall is not degraded, the poisoned memory's relevance is NaN
    // (so the floor drops it), and it stays NaN once the embedder is well (the vector is cached).
    const poisoned = seeded.applied.find((applied) => applied.record.text.includes('poisoned'));
    const droppedAsNan = expect.objectContaining({
      id: poisoned?.record.id,
      reason: expect.stringContaining('NaN'),
    });
    expect(block.degraded.recall).toBe(false);
    expect(block.dropped).toContainEqual(droppedAsNan);
    embedder.fault = undefined;
    expect((await memory.hydrate(scope, 'harbor')).dropped).toContainEqual(droppedAsNan);
    return;
  }
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
  describe('embedder failing on part of a batch', () => {
    for (const fault of faults) {
      if (context.settings.embedsWrites) {
        it(`fails the whole apply and degrades retrieval (${fault})`, () =>
          storeSurvives(context, fault));
      }
      it(`degrades the hydrate of a memory that ranks with it (${fault})`, () =>
        hydrateSurvives(context, fault));
    }
  });
}
