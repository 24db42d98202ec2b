import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTsvector } from './parse-tsvector.js';

const client = PGlite.create();
afterAll(async () => (await client).close());

/** What `unnest` reads of a tsvector: each lexeme, and whether a `:A` query matches it. */
async function unnested(database: PGlite, vector: string): Promise<Map<string, boolean>> {
  const { rows } = await database.query<{ lexeme: string; in_text: boolean }>(
    `select lexeme, weights is null or 'A' = any(weights) as in_text from unnest($1::tsvector)`,
    [vector],
  );
  return new Map(rows.map((row) => [row.lexeme, row.in_text]));
}

describe('parseTsvector', () => {
  it('reads what unnest reads, quotes, backslashes, weights and missing positions included', async () => {
    const database = await client;
    const lexeme = fc.string({
      minLength: 1,
      maxLength: 6,
      unit: fc.constantFrom('a', "'", '\\', ' ', ':', 'é', '1'),
    });
    const entry = fc.record({
      lexeme,
      positions: fc.array(
        fc.record({
          at: fc.integer({ min: 1, max: 50 }),
          weight: fc.constantFrom('A', 'B', 'C', 'D'),
        }),
        { maxLength: 3 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 5 }), async (entries) => {
        // Built with setweight/concatenation so every weight and a lexeme without position occur.
        const input = entries
          .map(({ lexeme: word, positions }) => {
            const quoted = `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
            const listed = positions.map(({ at, weight }) => `${at}${weight}`).join(',');
            return listed ? `${quoted}:${listed}` : quoted;
          })
          .join(' ');
        const { rows } = await database.query<{ printed: string }>(
          'select $1::tsvector::text as printed',
          [input],
        );
        const printed = rows[0]?.printed ?? '';
        expect(parseTsvector(printed)).toEqual(await unnested(database, printed));
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('refuses text that is not a printed tsvector', () => {
    expect(() => parseTsvector('lexeme')).toThrow(TypeError);
    expect(() => parseTsvector("'open")).toThrow(TypeError);
  });
});
