import {
  type AppliedOp,
  InvalidMemoryInput,
  type MemoryRecord,
  type MemoryScope,
  memoryScopeSchema,
  normalizeMemoryText,
  type RejectedOp,
  RejectionCode,
  validateMemoryOp,
} from '@symfonic/core';
import { createMemory, RememberRejectionCode } from '@symfonic/memory';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type OpPlan, opPlan, unstorableTexts } from '../attacks/op-plans.js';
import { fuzzRuns } from '../harness/fuzz-runs.js';
import { listAll } from '../harness/scope-snapshot.js';
import type { SuiteContext } from './suite-context.js';

const provenance = { writer: 'fuzz-suite' };

/** A live memory as the reference model holds it. */
interface ModelMemory {
  readonly key: string;
  readonly layer: string;
  readonly text: string;
}

/** The op input a plan stands for, its target taken from `pool` (never empty). */
function resolvePlan(plan: OpPlan, pool: readonly string[]): unknown {
  if (plan.kind === 'raw') return plan.input;
  if (plan.kind === 'add') return plan.op;
  const id = pool[plan.target % pool.length];
  return plan.kind === 'delete' ? { op: 'delete', id } : { ...plan.op, id };
}

function holdsUnstorable(value: unknown): boolean {
  const text = JSON.stringify(value) ?? '';
  return unstorableTexts.some((unstorable) =>
    text.includes(JSON.stringify(unstorable).slice(1, -1)),
  );
}

/**
 * Check one apply against the reference model (core's op validation, then
 * the ops in order, each seeing the earlier ones: duplicates by normalised
 * text within the scope and layer, `unknown-id` for any id not live in the
 * scope), and advance the model.
 */
function checkApply(
  scope: MemoryScope,
  inputs: readonly unknown[],
  result: { applied: readonly AppliedOp[]; rejected: readonly RejectedOp[] },
  model: Map<string, ModelMemory>,
  dead: string[],
): void {
  const outcomes = new Map<number, { applied?: AppliedOp; rejected?: RejectedOp }>();
  for (const applied of result.applied) {
    expect(outcomes.has(applied.index)).toBe(false);
    outcomes.set(applied.index, { applied });
  }
  for (const rejected of result.rejected) {
    expect(outcomes.has(rejected.index)).toBe(false);
    outcomes.set(rejected.index, { rejected });
  }
  expect([...outcomes.keys()].sort((left, right) => left - right)).toEqual(
    inputs.map((_, index) => index),
  );

  for (const [index, input] of inputs.entries()) {
    const { applied, rejected } = outcomes.get(index) ?? {};
    const validation = validateMemoryOp(input);
    if (!validation.ok) {
      expect(rejected?.code, `op ${index}`).toBe(validation.code);
      continue;
    }
    if (rejected?.code === RejectionCode.invalidOp && holdsUnstorable(input)) continue;
    const op = validation.op;
    if (op.op === 'add') {
      const key = `${op.layer}|${normalizeMemoryText(op.text)}`;
      const holder = [...model].find(([, memory]) => memory.key === key)?.[0];
      if (holder) {
        expect(rejected, `op ${index}`).toMatchObject({
          code: RejectionCode.duplicate,
          existingId: holder,
        });
        continue;
      }
      const record = applied?.record as MemoryRecord;
      expect(record, `op ${index}`).toMatchObject({
        scope,
        layer: op.layer,
        text: op.text,
        salience: op.salience,
      });
      if (op.metadata) expect(record.metadata).toEqual(JSON.parse(JSON.stringify(op.metadata)));
      model.set(record.id, { key, layer: op.layer, text: op.text });
      continue;
    }
    const current = model.get(op.id);
    if (!current) {
      expect(rejected?.code, `op ${index}`).toBe(RejectionCode.unknownId);
      continue;
    }
    if (op.op === 'delete') {
      expect(applied?.record.id, `op ${index}`).toBe(op.id);
      model.delete(op.id);
      dead.push(op.id);
      continue;
    }
    const key = `${current.layer}|${normalizeMemoryText(op.text)}`;
    const holder = [...model].find(([id, memory]) => id !== op.id && memory.key === key)?.[0];
    if (holder) {
      expect(rejected, `op ${index}`).toMatchObject({
        code: RejectionCode.duplicate,
        existingId: holder,
      });
      continue;
    }
    expect(applied?.record, `op ${index}`).toMatchObject({ id: op.id, text: op.text });
    model.set(op.id, { key, layer: current.layer, text: op.text });
  }
}

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
            const model = new Map<string, ModelMemory>();
            const dead: string[] = [];
            for (const plans of [first, second]) {
              const pool = [...model.keys(), ...dead, foreign.record.id, 'never-issued-id'];
              const inputs = plans.map((plan) => resolvePlan(plan, pool));
              checkApply(scope, inputs, await store.apply(scope, inputs, provenance), model, dead);
            }
            const live = await listAll(store, scope);
            expect(live.map((record) => `${record.id}|${record.text}`).sort()).toEqual(
              [...model].map(([id, memory]) => `${id}|${memory.text}`).sort(),
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

    it(`every method refuses malformed input with InvalidMemoryInput, never another error (${runs} runs)`, async () => {
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
