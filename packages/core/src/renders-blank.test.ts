import { describe, expect, it } from 'vitest';
import { memoryTextSchema } from './memory-record.js';
import { rendersBlank } from './renders-blank.js';

const tags = (text: string) =>
  [...text].map((character) => String.fromCodePoint(0xe0000 + (character.codePointAt(0) ?? 0)));

describe('rendersBlank', () => {
  it.each([
    ['a zero-width space', '\u200b'],
    ['next line', '\u0085'],
    ['a file separator', '\u001c'],
    ['tag characters only', tags('SYSTEM').join('')],
    ['a soft hyphen and a joiner', '\u00ad\u200d'],
    ['Hangul fillers', '\u3164\u115f'],
    ['a blank Braille pattern', '\u2800'],
    ['a variation selector', '\ufe0f'],
  ])('is true for %s', (_label, text) => {
    expect(rendersBlank(text)).toBe(true);
    expect(memoryTextSchema.safeParse(text).success).toBe(false);
  });

  it('is false for text a person sees, and such text is stored as written', () => {
    for (const text of ['Likes tea', '🙂', '\u200bx', 'שלום', '.']) {
      expect(rendersBlank(text)).toBe(false);
      expect(memoryTextSchema.parse(text)).toBe(text);
    }
  });
});
