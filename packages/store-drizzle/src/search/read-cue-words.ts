import { Limits } from '@symfonic/core';
import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { resultRows } from '../rows/result-rows.js';

/** The words of a cue as the English full-text configuration reads them. */
export interface CueWords {
  /** The first `Limits.cueTerms` distinct lexemes, in the order the cue first says them. */
  readonly lexemes: readonly string[];
  /** How many distinct lexemes the cue has. */
  readonly distinct: number;
}

/**
 * Read `cue`'s words with PostgreSQL's own parser and English configuration
 * in a statement that reads no table: lower-cased, stemmed, stop words left
 * out, ordered by each word's first position then the lexeme, the first
 * `Limits.cueTerms` kept; exactly the words `weighCue` reads.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function readCueWords(database: StoreDatabase, cue: string): Promise<CueWords> {
  const [row] = resultRows<{ lexemes: string[] | string | null; distinct_words: number | string }>(
    await database.execute(sql`
      with vector as (select to_tsvector('english'::regconfig, ${cue}) as words),
      cue_words as materialized (
        select lexeme, row_number() over () as place from (
          select lexeme from unnest((select words from vector))
          order by positions[1], lexeme
          limit ${Limits.cueTerms}
        ) as first_words
      )
      select
        array(select lexeme from cue_words order by place) as lexemes,
        length((select words from vector)) as distinct_words`),
  );
  const lexemes = row?.lexemes ?? [];
  if (!Array.isArray(lexemes)) {
    throw new TypeError('the driver answered the cue words as another type');
  }
  return { lexemes, distinct: Number(row?.distinct_words ?? 0) };
}
