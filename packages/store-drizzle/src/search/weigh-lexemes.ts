import type { MemoryScope, StoredLayer } from '@symfonic/core';
import { and, inArray, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { resultRows } from '../rows/result-rows.js';
import { memories } from '../schema/memories.js';
import { visibleTo } from '../scope/visible-to.js';
import { lexemeQuery } from './lexeme-query.js';

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

/**
 * Document frequencies are counted up to this many rows per word: enough to
 * tell a rare word from a common one, and cheap however common it is.
 */
export const frequencyCap = 200;

/**
 * Count, among the memories visible to `scope` in `layers`, how many hold
 * each lexeme (up to {@link frequencyCap}), in one statement where each word
 * is a constant, so the planner reads each count off the GIN index (a rare
 * word) or stops early (a common one). Words no visible memory holds are
 * left out.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function weighLexemes(
  database: StoreDatabase,
  scope: MemoryScope,
  layers: readonly StoredLayer[],
  lexemes: readonly string[],
): Promise<WeighedLexeme[]> {
  if (lexemes.length === 0) return [];
  const visible = and(visibleTo(memories, scope), inArray(memories.layer, [...layers]));
  const counts = lexemes.map(
    (lexeme, index) =>
      sql`(select count(*) from (select 1 from ${memories} where ${visible} and ${memories.search} @@ ${lexemeQuery(lexeme)}::tsquery limit ${frequencyCap}) as sample) as ${sql.identifier(`hits_${index}`)}`,
  );
  const [row] = resultRows<Record<string, number | string>>(
    await database.execute(sql`select ${sql.join(counts, sql`, `)}`),
  );
  return lexemes.flatMap((lexeme, index) => {
    const hits = Number(row?.[`hits_${index}`] ?? 0);
    if (hits === 0) return [];
    return [
      { lexeme, hits, weight: Math.log(1 + frequencyCap / hits), common: hits >= frequencyCap },
    ];
  });
}
