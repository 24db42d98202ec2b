import { reciprocalRankConstant, similarityOf } from '@symfonic/core';
import { copyRow } from '../rows/copy-row.js';
import { scopePlacement } from '../scope/scope-placement.js';
import { rankIndexedVectors } from './rank-indexed-vectors.js';
import { rankIndexedWords } from './rank-indexed-words.js';
import { fuseRows, type RankedMemories, type RankRequest } from './rank-memories.js';
import type { RankedMemory } from './ranked-rows-json.js';
import { readCueWords, type TsvectorText } from './read-cue-words.js';
import type { ReadIndex } from './read-index.js';
import type { IndexedMemory } from './read-indexed-memories.js';

/**
 * `rankMemories` answered from the read index, with no statement but the
 * one that reads the cue's words with PostgreSQL's parser through
 * `tsvectorText` (no table read):
 * the lexical list computed in process (`rankIndexedWords`) exactly as the
 * SQL path computes it (a test compares both on the same databases), and,
 * with a cue vector, the vector list searched exactly in process
 * (`rankIndexedVectors`: PostgreSQL's exact ordering up to near-ties, where
 * the SQL path's HNSW search is approximate, similarities within the
 * rounding of pgvector's single-precision sums), with the count of visible
 * memories lacking a vector, both fused by core's `hybridRelevance` and
 * ordered by `compareCandidates` as the SQL path fuses them. Answers
 * `undefined` when the index cannot answer (not loaded and a write ran while
 * it loaded, a write running, one that ran while this ranking read the cue's
 * words, or a cue vector of a model the index holds no vectors of): the
 * caller then ranks in SQL.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function rankWithIndex(
  tsvectorText: TsvectorText,
  index: ReadIndex,
  request: RankRequest,
): Promise<RankedMemories | undefined> {
  if (!index.answering) return undefined;
  const vector = request.vector;
  if (vector && index.vectorIndex?.key !== vector.index.key) return undefined;
  const generation = index.generation;
  const lexicalWeight = vector ? request.weights.lexical : 1;
  const words = lexicalWeight > 0 ? await readCueWords(tsvectorText, request.cue) : undefined;
  if (index.generation !== generation || !index.answering) return undefined;
  const placement = scopePlacement(request.scope);
  const tenant = index.tenant(placement.tenant);
  const window = request.window;
  const lexical = words
    ? rankIndexedWords(tenant, placement, request.layers, words.lexemes, window)
    : { weighed: [], scored: [], commonCut: false };
  const flags = {
    lexicalOverflow: lexical.scored.length > window,
    commonWordsCut: lexical.commonCut ? lexical.weighed.filter((word) => word.common).length : 0,
    ...(words && words.distinct > words.lexemes.length
      ? { cueTermsShortenedFrom: words.distinct }
      : {}),
  };
  const listed = lexical.scored.slice(0, window);
  if (!vector) {
    const ranked = listed.map(({ memory }, place) => ({
      row: copyRow(memory.row),
      relevance: (reciprocalRankConstant + 1) / (reciprocalRankConstant + place + 1),
    }));
    return { ranked, ...flags, unembedded: 0 };
  }
  const vectors = rankIndexedVectors(
    tenant,
    placement,
    request.layers,
    window,
    vector.values,
    listed.map(({ memory }) => memory),
  );
  const rows = new Map<
    IndexedMemory,
    { lexicalPlace?: number; lexicalScore?: number; vectorPlace?: number; similarity?: number }
  >();
  listed.forEach(({ memory, score }, place) => {
    rows.set(memory, {
      lexicalPlace: place + 1,
      lexicalScore: score,
      ...(vectors.others.has(memory) ? { similarity: vectors.others.get(memory) } : {}),
    });
  });
  for (const { memory, similarity, place } of vectors.nearest) {
    rows.set(memory, { ...rows.get(memory), vectorPlace: place, similarity });
  }
  const found: RankedMemory[] = [];
  for (const [memory, { similarity, ...places }] of rows) {
    found.push({
      row: copyRow(memory.row),
      relevance: 0,
      ...(similarity === undefined ? {} : { similarity: similarityOf(similarity) }),
      places,
    });
  }
  return {
    ranked: fuseRows(found, { ...request.weights, lexical: lexicalWeight }),
    ...flags,
    unembedded: vectors.unembedded,
  };
}
