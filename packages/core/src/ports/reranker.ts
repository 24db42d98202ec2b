/** What recall asks a {@link Reranker} to judge. */
export interface RerankRequest {
  /** What the candidates are judged against: the cue recall was asked for. */
  readonly cue: string;
  /**
   * The candidates' texts, best first by recall's own ranking. Recall sends
   * only rows its scope may see (the visibility check runs first), never
   * their ids, scopes or metadata, and at most its `candidates` option of them.
   */
  readonly texts: readonly string[];
  /**
   * Aborted when recall stops waiting (its timeout passed): a reranker should
   * cancel its request then, since its answer will not be used.
   */
  readonly signal?: AbortSignal;
}

/**
 * Judges how well each candidate answers a cue: a second, finer opinion on
 * relevance than the store's search (a cross-encoder or a hosted reranking
 * model reads cue and candidate together). Recall asks it about its top
 * candidates only, after the scope, salience and relevance gates and before
 * the character caps and the limit, and uses its scores as the relevance
 * those candidates are ranked by.
 */
export interface Reranker {
  /** The model's name, quoted when a rerank fails. */
  readonly model: string;
  /**
   * One score per text, in the order of `request.texts`, higher meaning more
   * relevant; `[]` for no texts. The scale is the reranker's own (a
   * probability for most hosted models, a logit for a cross-encoder): recall
   * compares the scores of one answer with each other only, so scores of two
   * calls need not share a scale, but every score must be a finite number.
   *
   * A failure never fails recall: it keeps the order it had before reranking
   * and reports the failure. So does an answer of the wrong length, a score
   * that is not finite, or no answer before recall's timeout.
   *
   * @throws MemoryUnavailable when the model cannot be reached or answered
   * something unusable (a partial answer is never given).
   */
  rerank(request: RerankRequest): Promise<readonly number[]>;
}
