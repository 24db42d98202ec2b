import { describe, expect, it } from 'vitest';
import { fencedBlocks } from './fenced-blocks.js';

const markdown = [
  '# x',
  '```js',
  'one();',
  '```',
  '```json',
  '{}',
  '```',
  'prints',
  '```text',
  'out',
  '```',
  '```js',
  'two();',
  '```',
  '',
].join('\n');

describe('fencedBlocks', () => {
  it('returns the bodies of the blocks of exactly that language, in order', () => {
    expect(fencedBlocks(markdown, 'js')).toEqual(['one();\n', 'two();\n']);
    expect(fencedBlocks(markdown, 'text')).toEqual(['out\n']);
    expect(fencedBlocks(markdown, 'ts')).toEqual([]);
  });
});
