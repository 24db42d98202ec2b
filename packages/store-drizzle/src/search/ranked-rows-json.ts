import { type HybridPlaces, similarityOf } from '@symfonic/core';
import { type SQL, sql } from 'drizzle-orm';
import { type MemoryRow, memoryColumns } from '../rows/memory-columns.js';
import {
  type MemoryRowTuple,
  memoryRowOfTuple,
  memoryRowTupleColumns,
  memoryRowTupleLength,
} from '../rows/memory-row-tuple.js';

/** One ranked row: the memory, its fused relevance, in (0, 1], and its cosine similarity to the cue when ranked by vectors. */
export interface RankedMemory {
  readonly row: MemoryRow;
  readonly relevance: number;
  /** -1..1; absent when the ranking had no cue vector or the memory has no vector of the model. */
  readonly similarity?: number;
  /** Its places in the full-text and vector lists, and its full-text score, when two lists were fused. */
  readonly places?: HybridPlaces;
}

/** The columns of a {@link MemoryRow}, in the order each row's JSON array holds them ({@link MemoryRowTuple}). */
const rowColumns = memoryRowTupleColumns.map((column) => memoryColumns[column]);

type RowTuple = [
  ...MemoryRowTuple,
  relevance: number,
  similarity: number | null,
  places:
    | [lexicalPlace: number | null, lexicalScore: number | null, vectorPlace: number | null]
    | null,
];

/**
 * Ranked memories travel as one JSON document: an array, best first, of one
 * array per memory (its columns, then its relevance, its similarity and its
 * places in the fused lists). A few hundred rows of
 * fourteen columns cost PGlite's wire-protocol decoding and drizzle's
 * mapping more than the ranking itself; one text value and `JSON.parse` cost
 * a fraction of that (the measurements are in the decision record on the
 * store's schema and ranking).
 * Timestamps arrive as ISO 8601 with the offset and are read to the
 * millisecond, as drizzle reads them; `float8` prints its shortest exact
 * form, so salience and relevance come back unchanged.
 */
export const rankedRowsJson = {
  /**
   * The aggregate selecting the rows of `memories` joined in the statement,
   * each with `relevance`, `similarity` and `places` (a JSON array of the
   * full-text place, the full-text score and the vector place; SQL `null`
   * when absent), ordered by `order`: `null` when no row joined.
   */
  select(relevance: SQL, order: SQL, similarity: SQL = sql`null`, places: SQL = sql`null`): SQL {
    return sql`json_agg(json_build_array(${sql.join(rowColumns, sql`, `)}, ${relevance}, ${similarity}, ${places}) order by ${order})::text`;
  },

  /**
   * Read what {@link rankedRowsJson.select} answered: `[]` for `null`.
   *
   * @throws TypeError when the driver answered something else than that JSON text.
   */
  parse(json: unknown): RankedMemory[] {
    if (json === null || json === undefined) return [];
    if (typeof json !== 'string')
      throw new TypeError('the driver answered JSON text as another type');
    const tuples: unknown = JSON.parse(json);
    if (!Array.isArray(tuples)) throw new TypeError('the ranked rows are not a JSON array');
    return (tuples as RowTuple[]).map((tuple) => {
      if (!Array.isArray(tuple) || tuple.length !== rowColumns.length + 3) {
        throw new TypeError(
          'a ranked row is not an array of its columns, relevance, similarity and places',
        );
      }
      const [relevance, similarity, places] = tuple.slice(memoryRowTupleLength) as [
        RowTuple[14],
        RowTuple[15],
        RowTuple[16],
      ];
      return {
        row: memoryRowOfTuple(tuple),
        relevance,
        ...(similarity === null ? {} : { similarity: similarityOf(similarity) }),
        ...(places === null ? {} : { places: hybridPlacesOf(places) }),
      };
    });
  },
};

/** The places a ranked row's JSON holds, each `null` left out. */
function hybridPlacesOf([lexicalPlace, lexicalScore, vectorPlace]: NonNullable<
  RowTuple[16]
>): HybridPlaces {
  return {
    ...(lexicalPlace === null ? {} : { lexicalPlace }),
    ...(lexicalScore === null ? {} : { lexicalScore }),
    ...(vectorPlace === null ? {} : { vectorPlace }),
  };
}
