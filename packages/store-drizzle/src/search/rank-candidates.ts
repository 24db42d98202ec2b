import {
  cueTermsShortened,
  type Degradation,
  DegradationCode,
  type RankedCandidates,
  type RankRequest,
  type StoredLayer,
  storedLayerSchema,
} from '@symfonic/core';
import { sql } from 'drizzle-orm';
import { runInTransaction } from '../database/run-in-transaction.js';
import type { DrizzleStoreSettings } from '../drizzle-store-settings.js';
import { memoryRecordOf } from '../rows/memory-record-of.js';
import { hnswSearchBreadth } from './hnsw-search-breadth.js';
import { type RankedMemories, rankMemories } from './rank-memories.js';
import { rankWithIndex } from './rank-with-index.js';
import { drizzleTsvectorText } from './read-cue-words.js';
import { frequencyCap } from './weigh-lexemes.js';

/**
 * Rank `window` rows per list for `query` in SQL (the backend's
 * `rankCandidates`; the query is parsed and its cue not blank), from the
 * store's read index when it keeps one and the index can answer
 * (`rankWithIndex`: full text exactly as the SQL ranks it, vectors by an
 * exact search in process): full text fused with the
 * HNSW search of the model's vectors when there is a cue vector (in one
 * transaction that widens `hnsw.ef_search` and, where pgvector has it, turns
 * on its iterative scan), full text alone otherwise. With a cue vector,
 * every row with a vector of the model carries its cosine `similarity`, and
 * visible memories without one are reported as `vectors-incomplete`. When
 * this store changed more than 50 rows plus a tenth of the table since
 * `memories` was last analyzed, it analyzes it first (`PlannerStatistics`),
 * unless the read index answers, which runs no plan.
 * The query's `working` layer, never stored, is not ranked.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function rankCandidates(
  settings: DrizzleStoreSettings,
  { query, window, capped, cueVector }: RankRequest,
): Promise<RankedCandidates> {
  const { vectorIndex, pgvector } = settings;
  const degradations: Degradation[] = [];
  const layers = (query.layers ?? ['episodic', 'semantic']).filter(
    (layer): layer is StoredLayer => storedLayerSchema.safeParse(layer).success,
  );
  if (layers.length === 0) return { candidates: [], degradations };
  const ranking = {
    scope: query.scope,
    cue: query.cue.replaceAll('\u0000', ' '),
    layers,
    window,
    weights: settings.fusionWeights,
    ...(vectorIndex && cueVector ? { vector: { index: vectorIndex, values: cueVector } } : {}),
  };
  const { readIndex } = settings;
  const vector = ranking.vector;
  // Loaded here, outside the transaction a cue vector's SQL ranking runs in.
  const fromIndex =
    readIndex !== undefined && (await readIndex.ready())
      ? await rankWithIndex(
          settings.tsvectorText ?? drizzleTsvectorText(settings.database),
          readIndex,
          ranking,
        )
      : undefined;
  // The index's rankings run no plan, so need no planner statistics.
  if (!fromIndex) await settings.statistics.refresh();
  const ranked: RankedMemories = fromIndex
    ? fromIndex
    : vector
      ? await runInTransaction(settings.database, async (transaction) => {
          // Search the HNSW graph wider than pgvector's default, which misses neighbours,
          // and, where pgvector can, keep walking it until enough rows pass the scope filter.
          const breadth = sql`set_config('hnsw.ef_search', ${String(hnswSearchBreadth(window))}, true)`;
          await transaction.execute(
            pgvector?.iterativeScan
              ? sql`select ${breadth}, set_config('hnsw.iterative_scan', 'strict_order', true)`
              : sql`select ${breadth}`,
          );
          return rankMemories(transaction, ranking, settings.vectorEstimates);
        })
      : await rankMemories(settings.database, ranking);
  if (vector && ranked.unembedded > 0) {
    degradations.push({
      code: DegradationCode.vectorsIncomplete,
      detail: `${ranked.unembedded} of the memories visible to this query have no vector of the model "${vector.index.model}" (written without an embedder or with another model): they could be found by their words only, until the store's embedMissing() embeds them`,
    });
  }
  if (ranked.cueTermsShortenedFrom !== undefined) {
    degradations.push(cueTermsShortened(ranked.cueTermsShortenedFrom));
  }
  if (ranked.commonWordsCut > 0) {
    degradations.push({
      code: DegradationCode.commonTermsSkipped,
      detail: `${ranked.commonWordsCut} of the cue's words are each held by ${frequencyCap} memories or more: of the memories holding only such words, the ${window} most recently updated were ranked`,
    });
  } else if (ranked.lexicalOverflow && (capped || window === settings.scanBudget)) {
    // Past a window a scan's caller chose, rows were not wanted: only a spent budget weakens it.
    degradations.push({
      code: DegradationCode.scanBudgetSpent,
      detail: `more than ${window} memories matched the cue's words: only the best ${window} were ranked`,
    });
  }
  const candidates = ranked.ranked.map(({ row, relevance, similarity }) => ({
    record: memoryRecordOf(row),
    relevance,
    ...(similarity === undefined ? {} : { similarity }),
  }));
  return { candidates, degradations };
}
