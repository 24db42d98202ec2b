import { Limits } from '@symfonic/core';
import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { resultRows } from '../rows/result-rows.js';

/** The words of a cue a search reads, and how many distinct ones the cue has. */
export interface CueLexemes {
  /** The first `Limits.cueTerms` distinct words, in the order the cue first says them. */
  readonly lexemes: readonly string[];
  /** How many distinct words the cue has; more than `lexemes.length` when it was shortened. */
  readonly distinct: number;
}

/**
 * The distinct words of a cue as the English full-text configuration reads
 * them (lower-cased, stemmed, stop words left out): the first
 * `Limits.cueTerms` of them, in the order the cue first says them (each
 * word's first position), and how many it has. `lexemes` is `[]` for a cue
 * with no searchable word. One statement, whose cost is that of parsing the
 * cue: the words past the bound are never weighed or matched.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function cueLexemes(database: StoreDatabase, cue: string): Promise<CueLexemes> {
  const [row] = resultRows<{ lexemes: string[] | string | null; distinct_words: number | string }>(
    await database.execute(sql`
      with vector as (select to_tsvector('english'::regconfig, ${cue}) as words)
      select
        array(
          select lexeme from unnest((select words from vector))
          order by positions[1], lexeme
          limit ${Limits.cueTerms}
        ) as lexemes,
        length((select words from vector)) as distinct_words`),
  );
  const lexemes = row?.lexemes ?? [];
  if (!Array.isArray(lexemes)) throw new TypeError('the driver answered a text array as text');
  return { lexemes, distinct: Number(row?.distinct_words ?? 0) };
}
