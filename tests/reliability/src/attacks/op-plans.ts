import { Limits } from '@symfonic/core';
import fc from 'fast-check';

/**
 * A generated op before its target is known: updates and deletes name a
 * `target` index, resolved against the ids that exist when the batch runs
 * (live, deleted, another tenant's, never issued).
 */
export type OpPlan =
  | { readonly kind: 'add'; readonly op: Record<string, unknown> }
  | { readonly kind: 'update'; readonly target: number; readonly op: Record<string, unknown> }
  | { readonly kind: 'delete'; readonly target: number }
  | { readonly kind: 'raw'; readonly input: unknown };

/** Texts that collide after normalisation (case, spacing, NFKC), so duplicates come up often. */
const collidingTexts = [
  'harbor tea',
  'Harbor  TEA',
  ' harbor tea\n',
  '\uff48\uff41\uff52\uff42\uff4f\uff52 tea',
  'harbor coffee',
  'harbor\tcoffee',
];

/** Texts no PostgreSQL store can keep exactly: it may refuse them (`invalid-op`) where another store keeps them. */
export const unstorableTexts = [
  'harbor \u0000 nul',
  'harbor lone \ud800 surrogate',
  'harbor \udc00 low',
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...collidingTexts) },
  { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(...unstorableTexts) },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', '\n', 'x'.repeat(Limits.memoryText + 1)) },
  { weight: 1, arbitrary: fc.constant('y'.repeat(Limits.memoryText)) },
);
const salience = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.constantFrom(-0.1, 1.5, Number.NaN, Number.POSITIVE_INFINITY),
);
const layer = fc.constantFrom('semantic', 'episodic', 'working', 'procedural');

/** Generated ops, valid and not: adds, updates, deletes, near misses and anything at all. */
export const opPlan: fc.Arbitrary<OpPlan> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record(
        {
          text,
          layer,
          salience,
          metadata: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
        },
        { requiredKeys: ['text'] },
      )
      .map((fields) => ({ kind: 'add' as const, op: { op: 'add', ...fields } })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ target: fc.nat(), text, salience }, { requiredKeys: ['target', 'text'] })
      .map(({ target, ...fields }) => ({
        kind: 'update' as const,
        target,
        op: { op: 'update', ...fields },
      })),
  },
  { weight: 2, arbitrary: fc.nat().map((target) => ({ kind: 'delete' as const, target })) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.anything(),
        fc.record({ op: fc.constantFrom('add', 'merge', 'upsert'), text, scope: fc.string() }),
        fc.record({
          op: fc.constant('update'),
          id: fc.constantFrom('', 'x'.repeat(Limits.id + 1)),
          text,
        }),
      )
      .map((input) => ({ kind: 'raw' as const, input })),
  },
);

/** The op input `plan` stands for, an update's or delete's target taken from `ids` (never empty). */
export function resolvePlan(plan: OpPlan, ids: readonly string[]): unknown {
  if (plan.kind === 'raw') return plan.input;
  if (plan.kind === 'add') return plan.op;
  const id = ids[plan.target % ids.length];
  return plan.kind === 'delete' ? { op: 'delete', id } : { ...plan.op, id };
}
