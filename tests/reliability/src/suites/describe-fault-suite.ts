import { type MemoryScope, MemoryUnavailable } from '@symfonic/core';
import { createMemory, type MemoryBlock } from '@symfonic/memory';
import { describe, expect, it } from 'vitest';
import { createFaultyStore, type FaultTiming } from '../doubles/faulty-store.js';
import { countDamage } from '../harness/count-damage.js';
import { type ScriptState, scriptSteps } from '../harness/memory-script.js';
import { type ScopeSnapshot, snapshotScope } from '../harness/scope-snapshot.js';
import type { SuiteContext } from './suite-context.js';

/** The `*-unavailable` conditions of a hydrated block: the parts that failed. */
function failedHalves(block: unknown): string[] {
  return (block as MemoryBlock).degraded.conditions
    .map((condition) => condition.code)
    .filter((code) => code.endsWith('-unavailable'));
}

/** The clean run of the script: the snapshot after each step and the store calls made by then. */
interface Reference {
  readonly snapshots: readonly ScopeSnapshot[];
  readonly callsAfter: readonly number[];
}

async function referenceRun(context: SuiteContext): Promise<Reference> {
  const { store } = context.underTest();
  const scope: MemoryScope = { tenant: 'fault-reference', path: ['user:1'] };
  const counting = createFaultyStore(store, 0, 'before');
  const memory = createMemory({ store: counting.store });
  const state: ScriptState = {};
  const snapshots: ScopeSnapshot[] = [];
  const callsAfter: number[] = [];
  for (const step of scriptSteps) {
    const outcome = await step.run(memory, scope, state);
    if (step.kind === 'hydrate') expect(failedHalves(outcome)).toEqual([]);
    snapshots.push(await snapshotScope(store, scope));
    callsAfter.push(counting.calls);
  }
  return { snapshots, callsAfter };
}

/**
 * Run the script with its `failOn`-th store call failing (`timing`), and
 * check each step: the failing one reports the failure (record and
 * remember throw `MemoryUnavailable`, hydrate degrades the part that
 * failed), leaves the scope as it was before the step or (for a write
 * whose answer was lost) as the complete step leaves it, and a retry completes it; after
 * every step the scope is exactly what the clean run had.
 */
async function runWithFault(
  context: SuiteContext,
  reference: Reference,
  failOn: number,
  timing: FaultTiming,
): Promise<void> {
  const { store } = context.underTest();
  const scope: MemoryScope = { tenant: `fault-${timing}-${failOn}`, path: ['user:1'] };
  const faulty = createFaultyStore(store, failOn, timing);
  const memory = createMemory({ store: faulty.store });
  const state: ScriptState = {};
  for (const [index, step] of scriptSteps.entries()) {
    const where = `call ${failOn} failing ${timing} it, step "${step.name}"`;
    const struck =
      failOn > (reference.callsAfter[index - 1] ?? 0) &&
      failOn <= (reference.callsAfter[index] ?? 0);
    const before = struck ? await snapshotScope(store, scope) : undefined;
    let outcome: unknown;
    let failure: unknown;
    try {
      outcome = await step.run(memory, scope, state);
    } catch (error) {
      failure = error;
    }
    if (struck) {
      context.figures.count('faultsInjected');
      expect(faulty.failed, where).toHaveLength(1);
      if (step.kind === 'hydrate') {
        expect(failure, `${where}: hydrate degrades, never throws`).toBeUndefined();
        const failedPart = {
          recent: 'working-unavailable',
          scanCandidates: 'recall-unavailable',
          pinned: 'pinned-unavailable',
        } as Record<string, string>;
        expect(failedHalves(outcome), where).toEqual([failedPart[faulty.failed[0] ?? '']]);
      } else {
        expect(MemoryUnavailable.isInstance(failure), `${where}: reports the failure`).toBe(true);
      }
      // A write (`append`, `apply`) failing after it reached the store landed; a read (the
      // `get` remember makes before a model's update or delete) changed nothing.
      const landed = timing === 'after' && ['append', 'apply'].includes(faulty.failed[0] ?? '');
      expect(await snapshotScope(store, scope), `${where}: nothing half-written`).toEqual(
        landed ? reference.snapshots[index] : before,
      );
      failure = undefined;
      try {
        outcome = await step.run(memory, scope, state);
      } catch (error) {
        failure = error;
      }
    }
    expect(failure, `${where}: completes (after a retry when it failed)`).toBeUndefined();
    if (step.kind === 'hydrate') expect(failedHalves(outcome), where).toEqual([]);
    const snapshot = await snapshotScope(store, scope);
    const expected = reference.snapshots[index] as ScopeSnapshot;
    const damage = countDamage(expected, snapshot);
    context.figures.count('duplicates', damage.duplicates);
    context.figures.count('lostWrites', damage.lostWrites);
    expect(snapshot, where).toEqual(expected);
  }
}

/**
 * Fault injection through the memory loop: a store failing on the n-th
 * call, for every call of a scripted conversation, before or after the call
 * reaches the store.
 */
export function describeFaultSuite(context: SuiteContext): void {
  describe('fault injection', () => {
    it.each(['before', 'after'] as const)(
      'survives the failure of each store call of a scripted conversation, failing %s the store',
      async (timing) => {
        const reference = await referenceRun(context);
        const total = reference.callsAfter.at(-1) ?? 0;
        // Two records make one call each; three hydrates make three (recent, scan, pinned); the
        // first remember (adds only) makes one, the second three: a `get` for each memory it
        // updates or deletes (whose scope decides whether a model may change it), then `apply`.
        expect(total).toBe(15);
        expect(reference.snapshots.at(-1)?.memories).toEqual([
          'episodic|0.3|Sold the harbor boat Gaivota',
          'semantic|0.6|Teaches sailing at the harbor',
          'semantic|0.8|Lives in the harbor district of Lisbon',
        ]);
        for (let failOn = 1; failOn <= total; failOn += 1) {
          await runWithFault(context, reference, failOn, timing);
        }
      },
    );
  });
}
