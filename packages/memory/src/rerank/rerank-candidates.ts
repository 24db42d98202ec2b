import {
  checkRerankScores,
  type Degradation,
  DegradationCode,
  MemoryUnavailable,
  type Reranker,
  type RerankRequest,
  ScopeViolation,
} from '@symfonic/core';
import { type RankedMemory, rankCandidates } from '../hydrate/rank-candidates.js';
import type { RecallOptions } from '../hydrate/recall-options.js';
import type { RerankOptions } from './rerank-options.js';

/** Recall's candidates after reranking, and the failure that kept them as they were. */
export interface RerankedCandidates {
  /** Every candidate given, once each, best first. */
  readonly ranked: readonly RankedMemory[];
  /** `rerank-failed` when the reranker failed; `[]` otherwise. */
  readonly degradations: readonly Degradation[];
}

/** The reranker's scores, or `MemoryUnavailable` once `timeoutMs` has passed (the request aborted). */
async function scoresWithin(
  reranker: Reranker,
  request: Omit<RerankRequest, 'signal'>,
  timeoutMs: number,
): Promise<readonly number[]> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const failure = new MemoryUnavailable(
        `the reranker "${reranker.model}" did not answer within ${timeoutMs} ms`,
      );
      controller.abort(failure);
      reject(failure);
    }, timeoutMs);
  });
  // Called inside an async function, so a reranker that throws synchronously rejects instead.
  const answering = (async () => reranker.rerank({ ...request, signal: controller.signal }))();
  // An answer that settles after the timeout is not awaited: the timeout was reported in its place.
  answering.catch(() => undefined);
  try {
    return await Promise.race([answering, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** The reason a rerank failed, without the failure's own message unless it is ours. */
function failureDetail(reranker: Reranker, error: unknown): string {
  const reason = MemoryUnavailable.isInstance(error)
    ? error.message
    : `the reranker "${reranker.model}" failed (${error instanceof Error ? error.name : typeof error})`;
  return `${reason}: recall kept its order before reranking`;
}

/**
 * Each score's place among the distinct `scores`, from 0 (the lowest) to 1
 * (the highest), evenly spaced; equal scores share a place, and a single
 * distinct score is at 1. The places depend on the order of the scores
 * alone, so no score, however large, small or close to another, can
 * overflow, collapse or reorder them.
 */
function placesOf(scores: readonly number[]): readonly number[] {
  const distinct = [...new Set(scores)].sort((left, right) => left - right);
  const placeOf = new Map(
    distinct.map((score, index) => [
      score,
      distinct.length > 1 ? index / (distinct.length - 1) : 1,
    ]),
  );
  return scores.map((score) => placeOf.get(score) as number);
}

/**
 * Rerank the first `rerank.candidates` of `ranked` (recall's candidates, best
 * first, all of them visible to the asking scope) with `rerank.reranker`:
 * their texts go to it with the cue, and its scores become the relevance
 * every candidate is ranked by again, placed on 0..1 and mixed with
 * salience and recency by `options.weights`, as {@link rankCandidates} does
 * (weights of `{ relevance: 1, salience: 0, recency: 0 }` give the
 * reranker's order alone). The scores count by their order only: each
 * becomes its place among the distinct scores, evenly spaced from 0 (the
 * lowest) to 1 (the highest), so a reranker's scale, however extreme
 * (±1.7e308, subnormals), never overflows the rescaling nor loses its order.
 * A candidate beyond the first `rerank.candidates`,
 * which the reranker did not judge, counts as relevant as the least relevant
 * one it judged, so it can only come before one on salience and recency.
 * Each reranked memory carries its `rerankScore`, and every `score` is one
 * ranking's, best first. No candidate is added or removed, so whatever the
 * reranker moves out of the kept set is dropped, with its reason, by the
 * caps and the limit that run afterwards.
 *
 * Without `rerank`, or with fewer than two candidates, nothing is asked and
 * `ranked` comes back as it is. When the reranker throws, rejects, answers
 * the wrong number of scores or a score that is not finite, or has not
 * answered after `rerank.timeoutMs` (its signal is then aborted), `ranked`
 * comes back as it is with a `rerank-failed` degradation saying which.
 *
 * @throws ScopeViolation when the reranker throws one: a security failure is
 * never degraded.
 */
export async function rerankCandidates(
  rerank: RerankOptions | undefined,
  cue: string,
  ranked: readonly RankedMemory[],
  options: Pick<RecallOptions, 'halfLifeDays' | 'weights'>,
  now: Date,
): Promise<RerankedCandidates> {
  if (rerank === undefined || ranked.length < 2) return { ranked, degradations: [] };
  const { reranker } = rerank;
  const head = ranked.slice(0, rerank.candidates);
  let scores: readonly number[];
  try {
    scores = checkRerankScores(
      await scoresWithin(
        reranker,
        { cue, texts: head.map(({ record }) => record.text) },
        rerank.timeoutMs,
      ),
      { model: reranker.model, count: head.length },
    );
  } catch (error) {
    if (ScopeViolation.isInstance(error)) throw error;
    return {
      ranked,
      degradations: [
        { code: DegradationCode.rerankFailed, detail: failureDetail(reranker, error) },
      ],
    };
  }
  const scoreOf = new Map(head.map(({ record }, index) => [record, scores[index] as number]));
  const places = placesOf(scores);
  const placeOf = new Map(head.map(({ record }, index) => [record, places[index] as number]));
  const reranked = rankCandidates(
    ranked.map(({ record, relevance }) => ({
      record,
      relevance,
      rankBy: placeOf.get(record) ?? 0,
    })),
    options,
    now,
  ).map((memory) => {
    const rerankScore = scoreOf.get(memory.record);
    return rerankScore === undefined ? memory : { ...memory, rerankScore };
  });
  return { ranked: reranked, degradations: [] };
}
