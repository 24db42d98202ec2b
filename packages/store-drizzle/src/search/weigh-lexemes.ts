import type { MemoryScope, StoredLayer } from '@symfonic/core';
import { inArray, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { resultRows } from '../rows/result-rows.js';
import { memories } from '../schema/memories.js';
import { visibleByKeys } from '../scope/visible-to.js';
import { cueWordsCtes } from './read-cue-words.js';

/** A cue word with how many visible memories hold it and the weight it scores. */
export interface WeighedLexeme {
  readonly lexeme: string;
  /** The number of visible memories holding it, counted up to `frequencyCap`. */
  readonly hits: number;
  /** `ln(1 + cap / hits)`: a word held by one memory weighs most; a common one `ln 2`. */
  readonly weight: number;
  /** Held by `frequencyCap` memories or more. */
  readonly common: boolean;
}

/** The words of a cue a search reads, weighed. */
export interface WeighedCue {
  /**
   * The cue's first `Limits.cueTerms` distinct words that some visible
   * memory holds, in the order the cue first says them, each weighed.
   */
  readonly weighed: readonly WeighedLexeme[];
  /** How many distinct words were read (at most `Limits.cueTerms`). */
  readonly read: number;
  /** How many distinct words the cue has; more than `read` when it was shortened. */
  readonly distinct: number;
  /**
   * The ids of the visible memories holding a rare word (one held by fewer
   * than `frequencyCap` visible memories): every such memory, each once.
   */
  readonly rareIds: readonly string[];
}

/**
 * Document frequencies are counted up to this many rows per word: enough to
 * tell a rare word from a common one, and cheap however common it is.
 */
export const frequencyCap = 200;

/**
 * The words of `cue` as the English full-text configuration reads them
 * (lower-cased, stemmed, stop words left out), the first `Limits.cueTerms`
 * of them in the order the cue first says them (each word's first
 * position), and for each how many of the memories visible to `scope` in
 * `layers` hold it (up to {@link frequencyCap}); words no visible memory
 * holds are left out.
 *
 * The memories holding each rare word are read whole, so their ids come
 * back too: the ranking fetches those candidates by primary key
 * (`rareIds`), where a search for any of many words made the planner read
 * the whole tenant and test each row against every word (over a hundred
 * milliseconds for a maximal cue at 10 000 memories).
 *
 * One statement, planned once whatever the number of words: each word's
 * memories are read by a subquery run per word, with the word as its
 * parameter, which the planner serves from the GIN index of the rows'
 * placement keys and `search` together (see `visibleByKeys`): it intersects
 * the scope's entries with the word's, so a word held across a large tenant
 * costs what its holders in the scope cost (a rare word reads a few entries,
 * a common one stops at the cap). Planning a
 * subquery per word with the word as a constant cost a maximal cue's 32
 * words tens of milliseconds of planning, during which PGlite serves no
 * other statement.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function weighCue(
  database: StoreDatabase,
  scope: MemoryScope,
  layers: readonly StoredLayer[],
  cue: string,
): Promise<WeighedCue> {
  const layerIn = inArray(memories.layer, [...layers]);
  // The word as a tsquery operand, quoted as `lexemeQuery` quotes it.
  const operand = sql`('''' || replace(replace(cue_words.lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery`;
  const [row] = resultRows<{
    lexemes: string[] | string | null;
    hits: (number | string)[] | string | null;
    rare_ids: string[] | string | null;
    distinct_words: number | string;
  }>(
    await database.execute(sql`
      with ${cueWordsCtes(cue)},
      holders as materialized (
        select cue_words.place, array(
          select ${memories.id} from ${memories}
          where ${visibleByKeys(memories, scope)} and ${layerIn} and ${memories.search} @@ ${operand}
          limit ${frequencyCap}
        ) as ids
        from cue_words
      )
      select
        array(select lexeme from cue_words order by place) as lexemes,
        array(select cardinality(ids) from holders order by place) as hits,
        array(
          select distinct unnest(ids) from holders where cardinality(ids) < ${frequencyCap}
        ) as rare_ids,
        length((select words from vector)) as distinct_words`),
  );
  const lexemes = row?.lexemes ?? [];
  const hits = row?.hits ?? [];
  const rareIds = row?.rare_ids ?? [];
  if (
    !Array.isArray(lexemes) ||
    !Array.isArray(hits) ||
    !Array.isArray(rareIds) ||
    hits.length !== lexemes.length
  ) {
    throw new TypeError('the driver answered the cue words and their counts as another type');
  }
  const weighed = lexemes.flatMap((lexeme, index) => {
    const count = Number(hits[index]);
    if (count === 0) return [];
    return [
      {
        lexeme,
        hits: count,
        weight: Math.log(1 + frequencyCap / count),
        common: count >= frequencyCap,
      },
    ];
  });
  return { weighed, read: lexemes.length, distinct: Number(row?.distinct_words ?? 0), rareIds };
}
