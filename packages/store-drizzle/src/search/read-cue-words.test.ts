import { PGlite } from '@electric-sql/pglite';
import { Limits } from '@symfonic/core';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../database/store-database.js';
import { pgliteTsvectorText } from '../drivers/pglite-tsvector-text.js';
import { resultRows } from '../rows/result-rows.js';
import {
  type CueWords,
  cuePieces,
  cueWordsCtes,
  drizzleTsvectorText,
  readCueWords,
  type TsvectorText,
} from './read-cue-words.js';

const client = PGlite.create();
afterAll(async () => (await client).close());

/** The cue's words as one statement reads them, through the CTEs the SQL ranking reads them through. */
async function readInOneStatement(database: StoreDatabase, cue: string): Promise<CueWords> {
  const [row] = resultRows<{ lexemes: string[]; distinct_words: number }>(
    await database.execute(sql`
      with ${cueWordsCtes(cue)}
      select
        array(select lexeme from cue_words order by place) as lexemes,
        length((select words from vector)) as distinct_words`),
  );
  return { lexemes: row?.lexemes ?? [], distinct: Number(row?.distinct_words ?? 0) };
}

/** Pieces of text PostgreSQL's default parser reads as tokens of many types, and separators. */
const pieces = fc.constantFrom(
  'the',
  'running',
  'Runs',
  'well-known',
  'state-of-the-art',
  'co-op2',
  'http://example.com/a/b?c=d',
  'https://www.example.org',
  'example.com',
  '/usr/local/bin',
  'foo@bar.com',
  '3.14',
  '-5',
  '1e10',
  '1.2.3',
  '42',
  'x2y',
  'café',
  'naïve',
  'Ünïcödé',
  '日本語',
  'Ελληνικά',
  '😀',
  "don't",
  'a_b',
  '&amp;',
  '<b>',
  '</b>',
  '<a href="x y">',
  '<!-- hidden words -->',
  '<',
  '>',
  '"',
  '=',
  '!--',
  '-->',
  '~',
  '~/the',
  '+1',
  '&',
  '#',
  '*',
);
const separators = fc.constantFrom(' ', ' ', '  ', ' ~', '\t', '\n', ',', '.', '-', '/', ':', '');
const cues = fc
  .array(fc.tuple(fc.oneof(pieces, fc.string({ maxLength: 6 })), separators), { maxLength: 30 })
  .map((parts) => parts.map(([piece, separator]) => piece + separator).join(''));

describe('cuePieces', () => {
  it('gives back the cue, cut only at spaces before an ASCII letter or digit and before its first <', () => {
    fc.assert(
      fc.property(cues, fc.integer({ min: 1, max: 40 }), (cue, length) => {
        const cut = cuePieces(cue, length);
        expect(cut.join('')).toBe(cue);
        const tag = cue.indexOf('<');
        let at = 0;
        for (const piece of cut.slice(0, -1)) {
          at += piece.length;
          expect(piece.endsWith(' ')).toBe(true);
          expect(cue[at]).toMatch(/[A-Za-z0-9]/);
          if (tag !== -1) expect(at).toBeLessThanOrEqual(tag);
        }
      }),
    );
  });
});

/** Both ways a store reads a cue piece's words: through drizzle, and as PGlite's own query. */
const readers: [string, (database: StoreDatabase, raw: PGlite) => TsvectorText][] = [
  ['through drizzle', (database) => drizzleTsvectorText(database)],
  ["as PGlite's own query", (_, raw) => pgliteTsvectorText(raw)],
];

describe.each(readers)('readCueWords, each piece read %s', (_, readerOf) => {
  it('reads a cue cut before a sign the blank token would have taken as one statement does', async () => {
    const database = drizzle({ client: await client });
    const reader = readerOf(database, await client);
    const cue = 'the ~/the ';
    expect(await readCueWords(reader, cue, 1)).toEqual(await readInOneStatement(database, cue));
  });

  it('reads exactly the words one statement reads, however the cue is cut', async () => {
    const database = drizzle({ client: await client });
    const reader = readerOf(database, await client);
    await fc.assert(
      fc.asyncProperty(cues, fc.integer({ min: 1, max: 40 }), async (cue, length) => {
        expect(await readCueWords(reader, cue, length)).toEqual(
          await readInOneStatement(database, cue),
        );
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('reads a maximal cue of distinct words as one statement does, past Limits.cueTerms', async () => {
    const database = drizzle({ client: await client });
    const reader = readerOf(database, await client);
    let cue = '';
    for (let index = 0; ; index += 1) {
      const word = `w${index.toString(36)}x`;
      if (cue.length + word.length + 1 > Limits.cueText) break;
      cue += ` ${word}`;
    }
    const words = await readCueWords(reader, cue);
    expect(words).toEqual(await readInOneStatement(database, cue));
    expect(words.lexemes).toHaveLength(Limits.cueTerms);
    expect(words.distinct).toBeGreaterThan(Limits.cueTerms);
  });
});
