import { z } from 'zod';
import { scoredMemorySchema } from './memory-record.js';

/** A row left out, and why. Every row a component removes is reported this way. */
export const droppedSchema = z.object({
  id: z.string(),
  reason: z.string().min(1),
});

/** `{ id, reason }`. */
export type Dropped = z.infer<typeof droppedSchema>;

/**
 * Well-known degradation codes. Adapters may report others; these are the ones
 * the packages of this repository emit.
 */
export const DegradationCode = {
  /** No embedder was configured: ranking was lexical only. */
  noEmbedder: 'no-embedder',
  /** The backend has no vector index (e.g. no pgvector): ranking was lexical only. */
  noVectorIndex: 'no-vector-index',
  /** The embedder failed for this query: ranking was lexical only. */
  embeddingFailed: 'embedding-failed',
  /** A scan stopped because its row budget was spent. */
  scanBudgetSpent: 'scan-budget-spent',
  /** A backend answered rows it had already answered (it ignored paging): the scan stopped. */
  repeatedRows: 'repeated-rows',
  /**
   * Cue words so common that matching them would read past the scan budget
   * were not matched: a memory sharing only such words with the cue is not found.
   */
  commonTermsSkipped: 'common-terms-skipped',
  /**
   * Ranking used vectors, but some memories the query could see (in its scope
   * and layers) have no vector of the embedder's model (written without an
   * embedder, or with another model): they could be found by their words
   * only. The detail says how many, never which or what they hold.
   */
  vectorsIncomplete: 'vectors-incomplete',
  /**
   * The cue was longer than `Limits.cueText`: recall used its first
   * `Limits.cueText` characters; or it held more than `Limits.cueTerms`
   * distinct words: the store searched for its first `Limits.cueTerms`. The
   * detail gives the cue's length or its number of distinct words.
   */
  cueShortened: 'cue-shortened',
  /**
   * Recall could only match the cue's words (it ranked without vectors) and
   * no memory shares one with the cue: a memory saying the same thing in
   * other words was not found. Pinned facts still come back; an embedder
   * finds the others.
   */
  cueMatchedNothing: 'cue-matched-nothing',
  /**
   * More memories qualified as pinned facts than the pinned limit: the most
   * recently updated were pinned, the older ones only by recall for the cue.
   */
  pinnedLimitReached: 'pinned-limit-reached',
  /**
   * The store has no `pinned` method (a retrieval-only port): facts that
   * must come back whatever the cue come back only when recall finds them.
   */
  noPinnedSource: 'no-pinned-source',
  /**
   * The reranker failed, did not answer in time, or answered something
   * unusable (the wrong number of scores, a score that is not finite): recall
   * kept the order it had before reranking. The detail says which.
   */
  rerankFailed: 'rerank-failed',
} as const;

/** A known degradation code. */
export type DegradationCode = (typeof DegradationCode)[keyof typeof DegradationCode];

/** A condition a retrieval ran under that made it weaker than it could be. */
export const degradationSchema = z.object({
  code: z.string().min(1),
  detail: z.string(),
});

/** `{ code, detail }`. */
export type Degradation = z.infer<typeof degradationSchema>;

/**
 * What a retrieval answers: the memories (best first), every row it left out
 * with its reason, and the degradations it ran under. A row removed without a
 * reason is a bug.
 */
export const retrievalResultSchema = z.object({
  memories: z.array(scoredMemorySchema),
  dropped: z.array(droppedSchema),
  degradations: z.array(degradationSchema),
  /**
   * The embedding model (`EmbeddingProvider.model`) every `similarity` of
   * `memories` was computed with; absent when none has one. A reader scoring
   * with another model must not take them for its own.
   */
  similarityModel: z.string().optional(),
});

/** `{ memories, dropped, degradations, similarityModel? }`. */
export type RetrievalResult = z.infer<typeof retrievalResultSchema>;
