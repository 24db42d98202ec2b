import { InvalidMemoryInput, type MemoryScope, memoryScopeSchema } from '@symfonic/core';
import { createMemory, RememberRejectionCode } from '@symfonic/memory';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApplyModel } from '../attacks/apply-model.js';
import { opPlan, resolvePlan } from '../attacks/op-plans.js';
import { fuzzRuns } from '../harness/fuzz-runs.js';
import { listAll } from '../harness/list-all.js';
import type { SuiteContext } from './suite-context.js';

const provenance = { writer: 'fuzz-suite' };

/** Replies a model could send, well-formed or not, in several provider shapes. */
const replies = fc.oneof(
  fc.anything(),
  fc.string(),
  fc
    .array(opPlan, { maxLength: 6 })
    .map((plans) =>
      JSON.stringify({ ops: plans.map((plan) => resolvePlan(plan, ['#1', 'never-issued-id'])) }),
    ),
  fc.array(opPlan, { maxLength: 6 }).map((plans) => ({
    object: 'chat.completion',
    choices: [
      {
        message: {
          role: 'assistant',
          content: `ok ${JSON.stringify({ ops: plans.map((plan) => resolvePlan(plan, ['#1'])) })}`,
        },
      },
    ],
  })),
);

/** Every store method, given arguments of any shape. */
const storeCalls = fc.tuple(
  fc.constantFrom(
    'append',
    'recent',
    'apply',
    'retrieve',
    'scanCandidates',
    'get',
    'list',
    'history',
    'forget',
  ),
  fc.array(fc.anything(), { minLength: 1, maxLength: 3 }),
);

/**
 * Generated ops and inputs against the store: `apply` is checked against a
 * reference model; `remember` never throws on a valid scope and writes only
 * there; every method refuses malformed input with `InvalidMemoryInput`.
 */
export function describeApplyFuzzSuite(context: SuiteContext, defaultRuns: number): void {
  const runs = fuzzRuns(defaultRuns);

  describe('generated ops and inputs (fast-check)', () => {
    it(`apply decides every op as the reference model does (${runs} runs)`, async () => {
      const { store } = context.underTest();
      const foreignScope: MemoryScope = { tenant: 'fuzz-foreign', path: ['user:1'] };
      const [foreign] = (
        await store.apply(foreignScope, [{ op: 'add', text: 'harbor foreign' }], provenance)
      ).applied;
      if (!foreign) throw new Error('the foreign memory was not written');
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(opPlan, { maxLength: 10 }),
          fc.array(opPlan, { maxLength: 10 }),
          async (first, second) => {
            run += 1;
            context.figures.count('fuzzRuns');
            const scope: MemoryScope = { tenant: `fuzz-apply-${run}`, path: ['user:1'] };
            const model = new ApplyModel(scope);
            for (const plans of [first, second]) {
              const ids = model.ids([foreign.record.id, 'never-issued-id']);
              const inputs = plans.map((plan) => resolvePlan(plan, ids));
              model.check(inputs, await store.apply(scope, inputs, provenance));
            }
            const live = await listAll(store, scope);
            expect(live.map((record) => `${record.id}|${record.text}`).sort()).toEqual(
              model.liveTexts(),
            );
          },
        ),
        { numRuns: runs },
      );
      expect(await store.get(foreignScope, foreign.record.id)).toEqual(foreign.record);
    });

    it(`remember never throws on a valid scope and writes only there (${runs} runs)`, async () => {
      const { store } = context.underTest();
      const foreignScope: MemoryScope = { tenant: 'fuzz-foreign', path: ['user:1'] };
      const [foreign] = (
        await store.apply(foreignScope, [{ op: 'add', text: 'harbor foreign' }], provenance)
      ).applied;
      if (!foreign) throw new Error('the foreign memory was not written');
      const memory = createMemory({ store });
      const codes: string[] = Object.values(RememberRejectionCode);
      let run = 0;
      await fc.assert(
        fc.asyncProperty(replies, async (reply) => {
          run += 1;
          context.figures.count('fuzzRuns');
          const scope: MemoryScope = { tenant: `fuzz-remember-${run}`, path: [] };
          // A caller bug maps a ref to another tenant's id: the store must still refuse it.
          const outcome = await memory.remember(scope, reply, {
            provenance,
            refs: { '#1': foreign.record.id },
          });
          for (const applied of outcome.applied) expect(applied.record.scope).toEqual(scope);
          for (const rejected of outcome.rejected) expect(codes).toContain(rejected.code);
          if (outcome.unreadable) expect([...outcome.applied, ...outcome.rejected]).toEqual([]);
        }),
        { numRuns: runs },
      );
      expect(await store.get(foreignScope, foreign.record.id)).toEqual(foreign.record);
    });

    it(`every method refuses malformed input with InvalidMemoryInput, never another error (${runs * 4} runs)`, async () => {
      const { store } = context.underTest();
      await fc.assert(
        fc.asyncProperty(storeCalls, async ([method, args]) => {
          context.figures.count('fuzzRuns');
          const call = store[method] as (...parameters: unknown[]) => Promise<unknown>;
          const error = await call.apply(store, args).then(
            () => undefined,
            (thrown: unknown) => thrown,
          );
          if (error === undefined) {
            // Only well-formed input may be accepted.
            const query = args[0] as { scope?: unknown } | undefined;
            const scope =
              method === 'retrieve' || method === 'scanCandidates' ? query?.scope : args[0];
            expect(memoryScopeSchema.safeParse(scope).success).toBe(true);
            return;
          }
          expect(InvalidMemoryInput.isInstance(error), `${method}: ${String(error)}`).toBe(true);
        }),
        { numRuns: runs * 4 },
      );
    });
  });
}
