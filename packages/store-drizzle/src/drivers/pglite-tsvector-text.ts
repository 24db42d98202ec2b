import type { PGlite } from '@electric-sql/pglite';
import type { TsvectorText } from '../search/read-cue-words.js';

/**
 * {@link TsvectorText} as a query of `client` itself, for the store of a
 * PGlite its opener started. Through drizzle, every statement hands PGlite
 * the driver's result parsers, and PGlite copies its whole table of parsers
 * to merge them, on every statement: about 118 KiB and 0.3 ms each, where
 * this statement otherwise costs under 40 KiB and 0.5 ms. The statement
 * answers one text column, which no parser of drizzle's changes.
 */
export function pgliteTsvectorText(client: PGlite): TsvectorText {
  return async (piece) => {
    const { rows } = await client.query<{ words: unknown }>(
      `select to_tsvector('english'::regconfig, $1)::text as words`,
      [piece],
    );
    return rows[0]?.words ?? null;
  };
}
