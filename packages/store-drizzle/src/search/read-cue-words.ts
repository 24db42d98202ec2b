import { Limits } from '@symfonic/core';
import { type SQL, sql } from 'drizzle-orm';
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
 * The CTEs `vector` (the cue's `tsvector`, as the English configuration
 * reads it: lower-cased, stemmed, stop words left out) and `cue_words` (its
 * first `Limits.cueTerms` distinct lexemes, ordered by each word's first
 * position then the lexeme, each with its `place`), for a statement to
 * follow `with` with. Every statement that reads a cue's words reads them
 * through these, so the full-text ranking and the read index weigh the same
 * words.
 */
export function cueWordsCtes(cue: string): SQL {
  return sql`vector as (select to_tsvector('english'::regconfig, ${cue}) as words),
      cue_words as materialized (
        select lexeme, row_number() over () as place from (
          select lexeme from unnest((select words from vector))
          order by positions[1], lexeme
          limit ${Limits.cueTerms}
        ) as first_words
      )`;
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
      with ${cueWordsCtes(cue)}
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
