import { describe, expect, it } from 'vitest';
import { OpsObjectFilter } from './ops-object-filter.js';

interface Case {
  readonly name: string;
  readonly answer: string;
  readonly visible: string;
  readonly withheld: readonly string[];
}

const add = '{"ops": [{"op": "add", "text": "The user lives in Lyon", "salience": 0.7}]}';

const cases: readonly Case[] = [
  { name: 'unfenced', answer: `Noted!\n\n${add}`, visible: 'Noted!', withheld: [add] },
  {
    name: 'in a json fence',
    answer: `Noted!\n\n\`\`\`json\n${add}\n\`\`\``,
    visible: 'Noted!',
    withheld: [add],
  },
  {
    name: 'in a bare fence, trailing newline',
    answer: `Noted!\n\`\`\`\n${add}\n\`\`\`\n`,
    visible: 'Noted!',
    withheld: [add],
  },
  {
    name: 'whitespace before and after',
    answer: `Done.   \n ${add}  \n\n`,
    visible: 'Done.',
    withheld: [add],
  },
  {
    name: 'whitespace inside the opening',
    answer: 'Ok.\n{\n  "ops" :\n  []\n}',
    visible: 'Ok.',
    withheld: ['{\n  "ops" :\n  []\n}'],
  },
  {
    name: 'leading prose with braces',
    answer: `Use {braces} like {this} or { "a": 1 }. ${add}`,
    visible: 'Use {braces} like {this} or { "a": 1 }.',
    withheld: [add],
  },
  {
    name: 'a JSON answer the user asked for, fenced',
    answer: `Here it is:\n\`\`\`json\n{"name": "Ada", "city": "Lyon"}\n\`\`\`\n${add}`,
    visible: 'Here it is:\n```json\n{"name": "Ada", "city": "Lyon"}\n```',
    withheld: [add],
  },
  {
    name: 'two JSON objects, the ops one second',
    answer: `{"city": "Lyon", "ops": "not first"}\n${add}`,
    visible: '{"city": "Lyon", "ops": "not first"}',
    withheld: [add],
  },
  {
    name: 'braces and quotes inside the strings of the ops object',
    answer: 'Sure. {"ops": [{"op": "add", "text": "a } brace { and a \\" quote"}]}',
    visible: 'Sure.',
    withheld: ['{"ops": [{"op": "add", "text": "a } brace { and a \\" quote"}]}'],
  },
  {
    name: 'an ops object between two sentences',
    answer: 'First. {"ops": []} Second.',
    visible: 'First. Second.',
    withheld: ['{"ops": []}'],
  },
  {
    name: 'a code block that is not JSON',
    answer: 'Code:\n```ts\nconst point = { x: 1 };\n```\nDone.\n',
    visible: 'Code:\n```ts\nconst point = { x: 1 };\n```\nDone.\n',
    withheld: [],
  },
  {
    name: 'inline backticks and a near miss',
    answer: '`{"opsx": 1}` and {"op": 2} and ``x``',
    visible: '`{"opsx": 1}` and {"op": 2} and ``x``',
    withheld: [],
  },
  { name: 'no object at all', answer: 'Hello there.\n', visible: 'Hello there.\n', withheld: [] },
  {
    name: 'an ops object whose first key is not "ops"',
    answer: 'Noted. {"note": "x", "ops": [{"op": "add", "text": "t"}]}',
    visible: 'Noted.',
    withheld: ['{"note": "x", "ops": [{"op": "add", "text": "t"}]}'],
  },
  {
    name: 'two ops objects in one answer',
    answer: 'A. {"ops": [1]} B.\n```json\n{"ops": [2]}\n```',
    visible: 'A. B.',
    withheld: ['{"ops": [1]}', '{"ops": [2]}'],
  },
  {
    name: 'an "ops" key that is not a list, and one nested in a value',
    answer: '{"ops": "text"} and {"data": {"ops": []}}',
    visible: '{"ops": "text"} and {"data": {"ops": []}}',
    withheld: [],
  },
  {
    name: 'a brace that opens no JSON right before an ops object',
    answer: '{{"ops": []}',
    visible: '{',
    withheld: ['{"ops": []}'],
  },
  {
    name: 'an ops object inside a JSON string is text',
    answer: '{"say": "{\\"ops\\": []}"} x',
    visible: '{"say": "{\\"ops\\": []}"} x',
    withheld: [],
  },
  {
    name: 'an escaped "ops" key',
    answer: 'k {"o\\u0070s": []}',
    visible: 'k',
    withheld: ['{"o\\u0070s": []}'],
  },
];

/** Every way of cutting `text` into `parts` non-empty pieces. */
function* splits(text: string, parts: number): Generator<string[]> {
  if (parts === 1) {
    yield [text];
    return;
  }
  for (let cut = 1; cut <= text.length - parts + 1; cut += 1) {
    for (const rest of splits(text.slice(cut), parts - 1)) yield [text.slice(0, cut), ...rest];
  }
}

function run(deltas: readonly string[]) {
  const filter = new OpsObjectFilter();
  const released = deltas.map((delta) => filter.push(delta));
  released.push(filter.end());
  return { released, withheld: filter.withheld() };
}

describe('OpsObjectFilter', () => {
  for (const testCase of cases) {
    it(`${testCase.name}: the same visible text and withheld object for every split in 1 to 3 deltas`, () => {
      let count = 0;
      for (const parts of [1, 2, 3]) {
        for (const deltas of splits(testCase.answer, parts)) {
          const { released, withheld } = run(deltas);
          expect(released.join(''), JSON.stringify(deltas)).toBe(testCase.visible);
          expect(withheld.objects, JSON.stringify(deltas)).toEqual(testCase.withheld);
          if (testCase.withheld.length > 0) {
            for (const piece of released) expect(piece).not.toMatch(/"ops"\s*:\s*\[/);
          }
          count += 1;
        }
      }
      expect(count).toBeGreaterThan(testCase.answer.length);
    });
  }

  it('releases prose at once: each delta without braces, fences or trailing whitespace comes out whole', () => {
    const filter = new OpsObjectFilter();
    expect(filter.push('I moved')).toBe('I moved');
    expect(filter.push(' to Lyon')).toBe(' to Lyon');
    expect(filter.push(' last week. ')).toBe(' last week.');
    expect(filter.push('Nice')).toBe(' Nice');
  });

  it('holds a brace until it cannot be a JSON object, and a JSON object until it closes', () => {
    const filter = new OpsObjectFilter();
    expect(filter.push('Set {')).toBe('Set');
    expect(filter.push('x')).toBe(' {x');
    expect(filter.push(' then {"n')).toBe(' then');
    expect(filter.holding).toBe(true);
    expect(filter.push('ame": 1')).toBe('');
    expect(filter.push('}!')).toBe(' {"name": 1}!');
    expect(filter.holding).toBe(false);
  });

  it('releases an unclosed JSON object without an "ops" key at the end, and withholds nothing', () => {
    const { released, withheld } = run(['Here: {"name": "Ada", "city": "Ly']);
    expect(released.join('')).toBe('Here: {"name": "Ada", "city": "Ly');
    expect(withheld).toEqual({ objects: [], truncated: false });
  });

  it('holds a fence line only until what it holds shows', () => {
    const filter = new OpsObjectFilter();
    expect(filter.push('```json\n')).toBe('');
    expect(filter.push('[1, 2]')).toBe('```json\n[1, 2]');
    expect(filter.push('\n```')).toBe('');
    expect(filter.end()).toBe('\n```');
  });

  it('withholds an ops object that never closes, and says the answer was truncated', () => {
    const { released, withheld } = run(['Sure. {"ops": [{"op": "add", "te']);
    expect(released.join('')).toBe('Sure.');
    expect(withheld).toEqual({ objects: ['{"ops": [{"op": "add", "te'], truncated: true });
  });

  it('gives back the fence when the object in it was not alone there', () => {
    const { released, withheld } = run(['```json\n{"ops": []}\nmore\n```']);
    expect(withheld.objects).toEqual(['{"ops": []}']);
    expect(released.join('')).toBe('```json\nmore\n```');
  });
});
