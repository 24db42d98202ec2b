import { describe, expect, it } from 'vitest';
import { markdownTable } from './markdown-table.js';

describe('markdownTable', () => {
  it('writes the heading, the delimiters of each alignment, then the rows', () => {
    expect(
      markdownTable(
        [{ title: 'store' }, { title: 'p50', align: 'right' }, { title: 'x', align: 'center' }],
        [
          ['in-memory', 3.14, '**a**'],
          ['PGlite', '9.81', ''],
        ],
      ),
    ).toBe(
      '| store | p50 | x |\n| --- | ---: | :---: |\n| in-memory | 3.14 | **a** |\n| PGlite | 9.81 | |',
    );
  });

  it('refuses a row of another width', () => {
    expect(() => markdownTable([{ title: 'a' }], [['1', '2']])).toThrow(/row 1 has 2 cells/);
  });
});
