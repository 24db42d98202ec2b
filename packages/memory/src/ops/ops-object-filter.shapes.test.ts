import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OpsObjectFilter } from './ops-object-filter.js';
import { readOpsObjects } from './read-ops-objects.js';

const size = 200_000;

/** Hostile answer shapes, each with what the user must see and how many ops objects are withheld. */
const shapes: readonly { name: string; text: string; visible: string; withheld: number }[] = [
  {
    name: 'a fence line followed by a run of spaces',
    text: `\`\`\`${' '.repeat(size)}x`,
    visible: `\`\`\`${' '.repeat(size)}x`,
    withheld: 0,
  },
  {
    name: 'a json fence line followed by a run of spaces, never ending',
    text: `\`\`\`json${' '.repeat(size)}`,
    visible: `\`\`\`json${' '.repeat(size)}`,
    withheld: 0,
  },
  {
    name: 'a fence body of blank lines',
    text: `\`\`\`json\n${' \n'.repeat(size / 2)}x`,
    visible: `\`\`\`json\n${' \n'.repeat(size / 2)}x`,
    withheld: 0,
  },
  {
    name: 'a run of opening braces',
    text: '{'.repeat(size),
    visible: '{'.repeat(size),
    withheld: 0,
  },
  {
    name: 'an ops object nested without end',
    text: `ok {"ops": ${'['.repeat(size)}`,
    visible: 'ok',
    withheld: 1,
  },
  {
    name: 'objects nested without end, no ops key',
    text: `{"a": `.repeat(size / 6),
    visible: `{"a": `.repeat(size / 6),
    withheld: 0,
  },
  {
    name: 'a fenced ops object followed by a run of spaces and a near-closing',
    text: `\`\`\`json\n{"ops": []}${' '.repeat(size)}\`\`x`,
    visible: '```json\n``x',
    withheld: 1,
  },
  {
    name: 'many small ops objects',
    text: '{"ops": []} '.repeat(16_000),
    visible: '',
    withheld: 16_000,
  },
  {
    name: 'braces that open no JSON',
    text: ' {x'.repeat(size / 3),
    visible: ' {x'.repeat(size / 3),
    withheld: 0,
  },
  {
    name: 'backtick pairs at the start of every line',
    text: '``\n'.repeat(size / 3),
    visible: '``\n'.repeat(size / 3),
    withheld: 0,
  },
  {
    name: 'a JSON string that never closes',
    text: `{"ops": ["${'x'.repeat(size)}`,
    visible: '',
    withheld: 1,
  },
];

describe('OpsObjectFilter on hostile shapes', () => {
  for (const shape of shapes) {
    it(`${shape.name}: the right text through, each character read at most three times`, () => {
      for (const deltaSize of [shape.text.length, 7]) {
        const filter = new OpsObjectFilter();
        let visible = '';
        for (let at = 0; at < shape.text.length; at += deltaSize) {
          visible += filter.push(shape.text.slice(at, at + deltaSize));
        }
        visible += filter.end();
        expect(visible.length).toBe(shape.visible.length);
        expect(visible === shape.visible).toBe(true);
        expect(filter.withheld().objects).toHaveLength(shape.withheld);
        expect(filter.readCount).toBeLessThanOrEqual(3 * shape.text.length);
      }
    });
  }
});

const pieces = [
  ' ',
  '\n',
  'Hi.',
  '{',
  '}',
  '"',
  '"ops"',
  ':',
  '[]',
  '[1]',
  ',',
  '`',
  '```',
  '```json\n',
  'json',
  '\\',
  '{"ops": [{"op": "add", "text": "t"}]}',
  '{"a": 1, "ops": []}',
];

describe('readOpsObjects and the filter', () => {
  it('agree on any text, however the filter is given it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 10 }),
        (parts, cuts) => {
          const text = parts.join('');
          const filter = new OpsObjectFilter();
          let visible = '';
          let at = 0;
          for (let index = 0; at < text.length; index += 1) {
            const length = cuts[index % cuts.length] as number;
            visible += filter.push(text.slice(at, at + length));
            at += length;
          }
          visible += filter.end();
          const read = readOpsObjects(text);
          expect(visible).toBe(read.answer);
          const withheld = filter.withheld();
          const complete = withheld.truncated ? withheld.objects.slice(0, -1) : withheld.objects;
          expect(read.objects.map((object) => object.text)).toEqual(complete);
          for (const object of read.objects) expect(Array.isArray(object.ops)).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
