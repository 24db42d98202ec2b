import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { resultRows } from '../rows/result-rows.js';

/**
 * The distinct words of a cue as the English full-text configuration reads
 * them (lower-cased, stemmed, stop words left out), in PostgreSQL's order;
 * `[]` for a cue with no searchable word.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function cueLexemes(database: StoreDatabase, cue: string): Promise<string[]> {
  const [row] = resultRows<{ lexemes: string[] | string | null }>(
    await database.execute(
      sql`select tsvector_to_array(to_tsvector('english'::regconfig, ${cue})) as lexemes`,
    ),
  );
  const lexemes = row?.lexemes ?? [];
  if (!Array.isArray(lexemes)) throw new TypeError('the driver answered a text array as text');
  return lexemes;
}
