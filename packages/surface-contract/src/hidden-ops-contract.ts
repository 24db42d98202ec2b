import { describe, expect, it } from 'vitest';
import type { SurfaceCase } from './surface-case.js';
import type { SurfaceAnswerStep, SurfaceOpResult } from './surface-harness.js';

const add = (text: string) => ({ op: 'add', layer: 'semantic', text });
const object = (...texts: string[]) => JSON.stringify({ ops: texts.map(add) });
const applied: SurfaceOpResult = { status: 'applied' };

/** An answer, what the user must see of it, and what must become of each ops object. */
interface Scenario {
  readonly name: string;
  readonly steps: readonly SurfaceAnswerStep[];
  readonly shown: string;
  readonly withheld: readonly { object: string; results: readonly SurfaceOpResult[] }[];
}

const lyon = object('Lives in Lyon');
const keyedLast = JSON.stringify({ why: 'the user said so', ops: [add('Plays the cello')] });
const repeated = object('Plays the viola', 'Lives in Lyon');

const scenarios: readonly Scenario[] = [
  {
    name: 'two ops objects in one answer, one fenced, one whose first key is not "ops"',
    steps: [{ blocks: [[`Noted. ${lyon} Also:\n\`\`\`json\n${keyedLast}\n\`\`\``]] }],
    shown: 'Noted. Also:',
    withheld: [
      { object: lyon, results: [applied] },
      { object: keyedLast, results: [applied] },
    ],
  },
  {
    name: 'an ops object split across deltas and two text blocks',
    steps: [
      {
        blocks: [
          ['Noted. ', lyon.slice(0, 9)],
          [lyon.slice(9, 20), lyon.slice(20)],
        ],
      },
    ],
    shown: 'Noted.',
    withheld: [{ object: lyon, results: [applied] }],
  },
  {
    name: 'a tool loop with an ops object in a tool step and one in the final step',
    steps: [
      { blocks: [[`Checking. ${lyon}`]], tool: 'server' },
      { blocks: [[`Done. ${repeated}`]] },
    ],
    shown: 'Checking.Done.',
    withheld: [
      { object: lyon, results: [applied] },
      { object: repeated, results: [applied, { status: 'refused', code: 'duplicate' }] },
    ],
  },
  {
    name: 'a step ended by a tool the app runs',
    steps: [{ blocks: [[`One question. ${lyon}`]], tool: 'client' }],
    shown: 'One question.',
    withheld: [{ object: lyon, results: [applied] }],
  },
];

/**
 * Hidden-ops accounting: on a surface that keeps the ops objects of the
 * model's answer from the user, every object withheld is written or refused
 * with a reason, from every step: several objects in one answer, any key
 * order, an object split across text blocks, a tool loop, and a step that
 * ends the request with a tool the app runs. What the user is shown holds no
 * ops object.
 */
export const hiddenOpsContract: SurfaceCase = ({ open, owner, harness }) => {
  describe('hidden-ops accounting', () => {
    for (const scenario of scenarios) {
      it.runIf(harness.capabilities.opsInAnswerText)(scenario.name, async () => {
        const surface = await open();
        const request = surface.request();
        await request.read('Where do I live?');
        if (!request.answer)
          throw new Error('a surface with opsInAnswerText must implement answer');
        const answered = await request.answer(scenario.steps);
        await request.end();
        expect(answered.shown).toBe(scenario.shown);
        expect(answered.withheld).toEqual(scenario.withheld);
        const stored = (await surface.stored(owner)).map(({ text }) => text).sort();
        const written = scenario.withheld.flatMap(({ object: text, results }) =>
          (JSON.parse(text) as { ops: { text: string }[] }).ops
            .filter((_op, index) => results[index]?.status === 'applied')
            .map((op) => op.text),
        );
        expect(stored).toEqual([...written].sort());
      });
    }
  });
};
