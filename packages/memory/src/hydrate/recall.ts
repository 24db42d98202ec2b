import {
  type CandidateSource,
  type Degradation,
  DegradationCode,
  type Dropped,
  floorReason,
  limitReason,
  type MemoryRecord,
  type MemoryScope,
  type RetrievalResult,
  requireVisible,
  type ScoredMemory,
  type StoredLayer,
} from '@symfonic/core';
import { rerankCandidates } from '../rerank/rerank-candidates.js';
import type { RerankOptions } from '../rerank/rerank-options.js';
import { type RankedMemory, rankCandidates } from './rank-candidates.js';
import { rankedByWordsAlone, rankingRelevance, type ScoredCandidate } from './ranking-relevance.js';
import type { RecallOptions } from './recall-options.js';
import { recallWindow } from './recall-window.js';
import { renderedLength } from './rendered-length.js';

/** The layers recall reads; working memory comes from the conversation log instead. */
const recalledLayers: StoredLayer[] = ['semantic', 'episodic'];

/**
 * Scores candidates against a cue on one known scale (cosine similarity with
 * an embedder, whose `model` it names); recall asks it only for the
 * candidates the store answered without a `similarity` of that same model.
 */
export type RelevanceScorer = ((
  cue: string,
  records: readonly MemoryRecord[],
) => Promise<readonly number[]>) & { readonly model?: string; readonly vectorMargin?: number };

/** What recall kept, best first, what it left out and why, and what weakened it. */
export interface RecallResult {
  readonly memories: readonly RankedMemory[];
  /** The store's own drops, then one entry per candidate a gate removed. */
  readonly dropped: readonly Dropped[];
  /** The conditions the store's scan ran under (e.g. no vector index), then a failed rerank's. */
  readonly degradations: readonly Degradation[];
}

/** A candidate the scope, duplicate, layer and salience gates admitted, with what the store said of it. */
interface AdmittedCandidate {
  readonly record: MemoryRecord;
  /** The store's relevance. */
  readonly relevance: number;
  /** The store's cosine of cue and memory, when it ranked by vectors. */
  readonly similarity: number | undefined;
  /** Its place in the store's answer, 0 for its best. */
  readonly place: number;
}

/**
 * Recall memories for `cue` at `scope`: the best candidates of
 * `source.scanCandidates` (see {@link recallWindow}; uncapped by the
 * limit, so a gate's rejection never costs a slot), then, in this order,
 * each gate reporting what it removes in `dropped`:
 *
 * 1. scope: every row is re-checked with `isVisible`; a row the scope cannot
 *    see is a `ScopeViolation`, thrown (a leaking backend must be found, not
 *    filtered). A row answered twice or in the `working` layer is dropped.
 * 2. the salience floor `minSalience`;
 * 3. the relevance floor `minRelevance` (when set), on the store's relevance,
 *    or with a scorer on the cosine: the store's `similarity` where it gave
 *    one, `relevance`'s scores for the others;
 * 4. ranking ({@link rankCandidates}) by the relevance {@link rankingRelevance}
 *    chooses: the store's order, fused with the cosine order when the store
 *    says it ranked by full text alone; then, with `rerank`, the top
 *    candidates reranked ({@link rerankCandidates}; a failed rerank keeps
 *    this order and adds `rerank-failed` to the degradations);
 * 5. the per-layer and total character caps, walked in rank order: a memory
 *    that does not fit is dropped and smaller ones after it may still fit;
 * 6. the limit.
 *
 * When the window's candidates would fill fewer than `limit` places and the
 * window may have cut the store's rankings, the source is asked again for
 * its whole scan budget, and everything from step 1 runs over that answer
 * instead (the reranker is asked once, on the answer kept).
 *
 * With `limit` 0 the source is not asked. When the source ranked by words
 * alone (it reports `no-embedder`, `no-vector-index` or `embedding-failed`)
 * and found nothing for a non-blank cue, `cue-matched-nothing` is added to
 * the degradations: a memory saying the same in other words was missed.
 *
 * @throws ScopeViolation when the source answered a row outside `scope`, or the reranker threw one.
 * @throws MemoryUnavailable (and anything else) the source or the scorer throws.
 */
export async function recall(
  source: CandidateSource,
  request: { readonly scope: MemoryScope; readonly cue: string },
  options: RecallOptions,
  context: {
    readonly now: Date;
    readonly relevance?: RelevanceScorer;
    readonly rerank?: RerankOptions;
    /** The source is a store built by `defineStore`: its rows were checked against the scope already. */
    readonly answersChecked?: boolean;
  },
): Promise<RecallResult> {
  if (options.limit === 0) return { memories: [], dropped: [], degradations: [] };
  const { cue } = request;
  const window = recallWindow(options.limit);
  const scan = (windowed: boolean) =>
    source.scanCandidates({
      scope: request.scope,
      cue,
      limit: options.limit,
      layers: recalledLayers,
      ...(windowed ? { window } : {}),
    });
  let scanned = await scan(true);
  let gated = await rankScanned(scanned, request, options, context);
  if (
    scanned.memories.length >= window &&
    fitCaps(gated.ranked, options.caps, []).length < options.limit
  ) {
    scanned = await scan(false);
    gated = await rankScanned(scanned, request, options, context);
  }
  const { dropped } = gated;
  const { ranked, degradations: rerankDegradations } = await rerankCandidates(
    context.rerank,
    cue,
    gated.ranked,
    options,
    context.now,
  );
  const fitting = fitCaps(ranked, options.caps, dropped);
  for (const { record } of fitting.slice(options.limit)) {
    dropped.push({ id: record.id, reason: limitReason(options.limit) });
  }
  const degradations = [...scanned.degradations, ...rerankDegradations];
  if (
    scanned.memories.length === 0 &&
    cue.trim().length > 0 &&
    rankedByWordsAlone(scanned.degradations)
  ) {
    degradations.push({
      code: DegradationCode.cueMatchedNothing,
      detail:
        "recall could only match the cue's words (the store ranked without vectors) and no memory shares one with it: a memory saying the same in other words was not found; pinned facts come back whatever the cue, and a store with an embedder finds the others",
    });
  }
  return {
    memories: fitting.slice(0, options.limit),
    dropped,
    degradations,
  };
}

/**
 * Steps 1 to 4 of {@link recall}, before any rerank, over one answer of the
 * source: the candidates ranked, and the store's drops and the gates' in `dropped`.
 */
async function rankScanned(
  scanned: RetrievalResult,
  request: { readonly scope: MemoryScope; readonly cue: string },
  options: RecallOptions,
  context: {
    readonly now: Date;
    readonly relevance?: RelevanceScorer;
    readonly answersChecked?: boolean;
  },
): Promise<{ ranked: RankedMemory[]; dropped: Dropped[] }> {
  const dropped: Dropped[] = [...scanned.dropped];
  if (!context.answersChecked) {
    requireVisible(
      scanned.memories.map(({ record }) => record),
      request.scope,
    );
  }
  // The store's similarities stand for the scorer's only when they are of its model.
  const model = context.relevance?.model;
  const ownSimilarities = model !== undefined && scanned.similarityModel === model;
  const admitted = admit(scanned.memories, options, dropped, ownSimilarities);
  const scored = await score(context.relevance, request.cue, admitted);
  const { minRelevance } = options;
  const relevant =
    minRelevance === undefined
      ? scored
      : scored.filter(({ record, relevance }) => {
          const underFloor = floorReason('relevance', relevance, minRelevance);
          if (underFloor === undefined) return true;
          dropped.push({ id: record.id, reason: underFloor });
          return false;
        });
  const ranked = rankCandidates(
    rankingRelevance(relevant, scanned.degradations, context.relevance),
    options,
    context.now,
  );
  return { ranked, dropped };
}

/** The candidates past the duplicate, layer and salience gates, each refused one added to `dropped`. */
function admit(
  candidates: readonly ScoredMemory[],
  options: RecallOptions,
  dropped: Dropped[],
  ownSimilarities: boolean,
): AdmittedCandidate[] {
  const seen = new Set<string>();
  const admitted: AdmittedCandidate[] = [];
  for (const [place, candidate] of candidates.entries()) {
    const { record } = candidate;
    if (seen.has(record.id)) {
      dropped.push({ id: record.id, reason: 'the store answered this memory more than once' });
    } else if (record.layer === 'working') {
      dropped.push({
        id: record.id,
        reason: 'working memory is read from the conversation log, not recalled',
      });
    } else {
      const underFloor = floorReason('salience', record.salience, options.minSalience);
      if (underFloor === undefined) {
        admitted.push({
          record,
          relevance: candidate.relevance,
          similarity: ownSimilarities ? candidate.similarity : undefined,
          place,
        });
      } else dropped.push({ id: record.id, reason: underFloor });
    }
    seen.add(record.id);
  }
  return admitted;
}

/**
 * The memories of `ranked`, in order, that fit the per-layer and total
 * character caps; each that does not is added to `dropped` with the cap it
 * missed, and smaller ones after it may still fit.
 */
function fitCaps(
  ranked: readonly RankedMemory[],
  caps: RecallOptions['caps'],
  dropped: Dropped[],
): RankedMemory[] {
  const used = { semantic: 0, episodic: 0, total: 0 };
  const fitting: RankedMemory[] = [];
  for (const memory of ranked) {
    const { record } = memory;
    const layer = record.layer as StoredLayer;
    const length = renderedLength(record);
    if (used[layer] + length > caps[layer]) {
      dropped.push({
        id: record.id,
        reason: `${length} characters do not fit the ${layer} cap of ${caps[layer]} (${used[layer]} used)`,
      });
    } else if (used.total + length > caps.total) {
      dropped.push({
        id: record.id,
        reason: `${length} characters do not fit the total cap of ${caps.total} (${used.total} used)`,
      });
    } else {
      used[layer] += length;
      used.total += length;
      fitting.push(memory);
    }
  }
  return fitting;
}

/**
 * Each candidate with the relevance its floor applies to: without a scorer,
 * the store's; with one, the cosine: the store's `similarity` where it gave
 * one, and the scorer's for the others, which alone are embedded (none when
 * the store gave every candidate's, so the cue is embedded once, by the store).
 */
async function score(
  scorer: RelevanceScorer | undefined,
  cue: string,
  candidates: readonly AdmittedCandidate[],
): Promise<ScoredCandidate[]> {
  const unscored = scorer ? candidates.filter(({ similarity }) => similarity === undefined) : [];
  const scores =
    scorer && unscored.length > 0
      ? await scorer(
          cue,
          unscored.map(({ record }) => record),
        )
      : [];
  const scoreOf = new Map(unscored.map(({ record }, index) => [record, scores[index] as number]));
  return candidates.map(({ record, relevance, similarity, place }) => ({
    record,
    relevance: scorer ? (similarity ?? (scoreOf.get(record) as number)) : relevance,
    storeRelevance: relevance,
    storePlace: place,
  }));
}
