import { type EmbeddingProvider, vectorFullWeightMargin } from '@symfonic/core';
import { createLocalEmbedder, localEmbedderFusionMargin } from '@symfonic/memory';
import { sentenceEncoderFusionMargin } from '@symfonic/memory/sentence-encoder';
import {
  createWordVectorEmbedder,
  type WordVectorEmbedderOptions,
} from '@symfonic/memory/word-vectors';
import { createInMemoryStore } from '@symfonic/store-memory';
import { concatenateEmbedders } from '../embedders/concatenate-embedders.js';
import {
  createHashedNgramEmbedder,
  shippedLocalEmbedderSettings,
} from '../embedders/hashed-ngram-embedder.js';
import { sentenceEncoder } from '../embedders/sentence-encoder-of.js';
import { sharedWordVectors } from '../embedders/word-vector-embedder-of.js';
import type { EvalDataset } from '../eval-dataset.js';
import type { EvalSystem } from '../eval-system.js';
import { evaluateSystem } from '../evaluate-system.js';
import type { IngestedConversation } from '../ingest-conversation.js';
import { type EvaluationProgress, type RetrievalRun, runRetrievals } from '../run-retrievals.js';
import { scoreQuestion } from '../score-question.js';
import { type RecallSummary, summarizeRecall } from '../summarize-recall.js';
import { type FusionMethod, fuseTurnRankings, type TurnRanking } from './fuse-turn-rankings.js';
import { type TurnPlaces, turnPlaces, withNeighbours, withRecency } from './rescore-turns.js';

/** One tried setting and how it scored. */
export interface ExperimentRow {
  readonly group: string;
  readonly setting: string;
  readonly overall: RecallSummary;
  /** Turn recall@10 per category. */
  readonly recallAt10ByCategory: Readonly<Record<string, number>>;
}

/** The depth of the rankings fused offline: the page the store fuses for a limit of 25. */
const offlineDepth = 100;

function summarize(
  group: string,
  setting: string,
  outcomes: Parameters<typeof summarizeRecall>[0],
) {
  const categories = [...new Set(outcomes.map((outcome) => outcome.category))].sort();
  return {
    group,
    setting,
    overall: summarizeRecall(outcomes),
    recallAt10ByCategory: Object.fromEntries(
      categories.map((category) => [
        category,
        summarizeRecall(outcomes.filter((outcome) => outcome.category === category)).turnRecallAt10,
      ]),
    ),
  };
}

/** Each question's ranking as turn ids, from a run's memory ids. */
function turnRankings(run: RetrievalRun): Map<string, TurnRanking> {
  const rankings = new Map<string, TurnRanking>();
  for (const retrieval of run.retrievals) {
    const ingested = run.ingested.get(retrieval.question.conversationId) as IngestedConversation;
    rankings.set(retrieval.question.id, {
      turnIds: retrieval.memoryIds.map((id) => ingested.turnOfMemory.get(id) ?? id),
      scores: retrieval.relevances,
    });
  }
  return rankings;
}

/** Score turn rankings as if each turn were its own memory. */
function scoreTurnRankings(
  run: RetrievalRun,
  rankings: ReadonlyMap<string, TurnRanking>,
  group: string,
  setting: string,
): ExperimentRow {
  const outcomes = run.retrievals.map(({ question }) => {
    const ingested = run.ingested.get(question.conversationId) as IngestedConversation;
    const identity = new Map([...ingested.sessionOfTurn.keys()].map((turnId) => [turnId, turnId]));
    const asTurns: IngestedConversation = {
      ...ingested,
      turnOfMemory: identity,
      memoryOfTurn: new Map(
        [...ingested.memoryOfTurn].map(([turnId, memoryId]) => [
          turnId,
          ingested.turnOfMemory.get(memoryId) ?? turnId,
        ]),
      ),
    };
    const turnIds = (rankings.get(question.id)?.turnIds ?? []).slice(0, 25);
    return scoreQuestion(question, turnIds, asTurns, 0);
  });
  return summarize(group, setting, outcomes);
}

function inMemory(
  name: string,
  embedder: () => Promise<EmbeddingProvider>,
  lexicalWeight: number,
): EvalSystem {
  return {
    name,
    store: 'in-memory',
    ranking: lexicalWeight === 0 ? 'vectors' : 'hybrid',
    open: async () =>
      createInMemoryStore({
        embedder: await embedder(),
        fusionWeights: { lexical: lexicalWeight },
      }),
  };
}

/**
 * The experiments behind `docs/decisions/2026-11-30-eval-retrieval-quality.md`,
 * on the in-memory store over `dataset`:
 *
 * 1. embedders, each by vectors alone and fused with full text in the store:
 *    the shipped local n-gram embedder, its variants (stop words out, stemmed
 *    words, 1024 dimensions, 3- and 4-grams), the word-vector embedder of
 *    `@symfonic/memory/word-vectors` (plain mean, smooth inverse frequency,
 *    common directions removed or not, stop words kept), and n-grams and word vectors
 *    side by side in one vector;
 * 2. fusion, offline on the store's full-text and vector rankings (100 deep):
 *    reciprocal rank fusion with k from 3 to 60 and weights 1:1, 1:1.5,
 *    1.5:1, and a convex combination of scores;
 * 3. re-scoring the best fusion by session neighbours of a hit and by recency;
 * 4. each shipped embedder's `fusionMargin` (the first-to-tenth cosine margin at
 *    which its vector list votes whole), hybrid in the store at margins around
 *    the one it ships with.
 *
 * @returns every row; stores are opened and closed on the way.
 * @throws whatever a store or the word-vector loading throws.
 */
export async function runExperiments(
  dataset: EvalDataset,
  onProgress?: (progress: EvaluationProgress) => void,
): Promise<ExperimentRow[]> {
  const rows: ExperimentRow[] = [];
  const wordVectors = await sharedWordVectors();
  const ngram = (options: Partial<Parameters<typeof createHashedNgramEmbedder>[0]>) => async () =>
    createHashedNgramEmbedder({ ...shippedLocalEmbedderSettings, ...options });
  const words = (options: WordVectorEmbedderOptions) => async () =>
    createWordVectorEmbedder(wordVectors, options);
  const shippedWords = 'word vectors, SIF a=1e-3, 1 common direction of 10k (shipped default)';
  const embedders: [string, () => Promise<EmbeddingProvider>][] = [
    ['local n-gram v1 (shipped)', async () => createLocalEmbedder()],
    ['n-gram, stop words out', ngram({ dropStopWords: true })],
    ['n-gram, stop words out, stemmed words', ngram({ dropStopWords: true, stem: true })],
    [
      'n-gram, stop words out, stemmed, 1024 dims',
      ngram({ dropStopWords: true, stem: true, dimensions: 1024 }),
    ],
    [
      'n-gram 3+4, stop words out, stemmed',
      ngram({ dropStopWords: true, stem: true, ngramSizes: [3, 4], ngramWeight: 0.3 }),
    ],
    // A very large a gives every word a weight of about 1: the plain mean.
    ['word vectors, mean', words({ smoothing: 1e9, commonDirections: 0 })],
    ['word vectors, SIF a=1e-3', words({ commonDirections: 0 })],
    ['word vectors, SIF a=1e-4', words({ smoothing: 1e-4, commonDirections: 0 })],
    [shippedWords, words({})],
    ['word vectors, SIF a=1e-3, 1 common direction of 1k', words({ commonDirectionWords: 1_000 })],
    [
      'word vectors, SIF a=1e-3, 1 common direction of 50k',
      words({ commonDirectionWords: 50_000 }),
    ],
    ['word vectors, SIF a=1e-3, 2 common directions of 10k', words({ commonDirections: 2 })],
    ['word vectors, SIF a=1e-3, 3 common directions of 10k', words({ commonDirections: 3 })],
    ['word vectors, SIF a=1e-4, 1 common direction of 10k', words({ smoothing: 1e-4 })],
    ['word vectors, shipped default, stop words kept', words({ stopWords: [] })],
    [
      'n-gram (stemmed) + word vectors (shipped default), half each',
      async () =>
        concatenateEmbedders([
          { embedder: await ngram({ dropStopWords: true, stem: true })(), share: 1 },
          { embedder: await words({})(), share: 1 },
        ]),
    ],
  ];
  const lexical = await evaluateSystem(
    {
      name: 'lexical',
      store: 'in-memory',
      ranking: 'lexical',
      open: async () => createInMemoryStore(),
    },
    dataset,
    onProgress,
  );
  rows.push(summarize('baseline', 'full text alone (stemmed BM25+)', lexical.outcomes));
  for (const [name, embedder] of embedders) {
    for (const lexicalWeight of [0, 1]) {
      const label = lexicalWeight === 0 ? 'vectors alone' : 'hybrid (k = 10, 1:1)';
      const result = await evaluateSystem(
        inMemory(`${name}: ${label}`, embedder, lexicalWeight),
        dataset,
        onProgress,
      );
      rows.push(summarize(`embedder: ${label}`, name, result.outcomes));
    }
  }

  const textRun = await runRetrievals(
    {
      name: 'lexical, 100 deep',
      store: 'in-memory',
      ranking: 'lexical',
      open: async () => createInMemoryStore(),
    },
    dataset,
    offlineDepth,
    onProgress,
  );
  const textRankings = turnRankings(textRun);
  const places = new Map<string, TurnPlaces>(
    dataset.conversations.map((conversation) => [conversation.id, turnPlaces(conversation)]),
  );
  const fusedEmbedders = embedders.filter(
    ([name]) => name === 'local n-gram v1 (shipped)' || name === shippedWords,
  );
  for (const [name, embedder] of fusedEmbedders) {
    const vectorRun = await runRetrievals(
      inMemory(`${name}: vectors, 100 deep`, embedder, 0),
      dataset,
      offlineDepth,
      onProgress,
    );
    const vectorRankings = turnRankings(vectorRun);
    const fuse = (method: FusionMethod) =>
      new Map(
        [...textRankings].map(([questionId, text]) => [
          questionId,
          fuseTurnRankings(
            [text, vectorRankings.get(questionId) ?? { turnIds: [], scores: [] }],
            method,
          ),
        ]),
      );
    for (const k of [3, 5, 10, 20, 60]) {
      for (const weights of [
        [1, 1],
        [1, 1.5],
        [1.5, 1],
      ]) {
        const fused = fuse({ kind: 'reciprocal-rank', k, weights });
        rows.push(
          scoreTurnRankings(
            textRun,
            fused,
            `fusion: ${name}`,
            `RRF k = ${k}, ${weights.join(':')}`,
          ),
        );
      }
    }
    for (const lexicalShare of [0.2, 0.4, 0.6]) {
      const fused = fuse({ kind: 'convex', lexicalShare });
      rows.push(
        scoreTurnRankings(textRun, fused, `fusion: ${name}`, `convex, text share ${lexicalShare}`),
      );
    }
    const best = fuse({ kind: 'reciprocal-rank', k: 10, weights: [1, 1] });
    const rescored = (rescore: (ranking: TurnRanking, places: TurnPlaces) => TurnRanking) =>
      new Map(
        textRun.retrievals.map(({ question }) => [
          question.id,
          rescore(
            best.get(question.id) ?? { turnIds: [], scores: [] },
            places.get(question.conversationId) as TurnPlaces,
          ),
        ]),
      );
    for (const [hits, share] of [
      [3, 0.5],
      [5, 0.8],
      [3, 0.9],
    ] as const) {
      rows.push(
        scoreTurnRankings(
          textRun,
          rescored((ranking, at) => withNeighbours(ranking, at, hits, share)),
          `re-scoring: ${name}`,
          `session neighbours of the top ${hits}, ${share} of the hit's score`,
        ),
      );
    }
    for (const boost of [0.05, 0.2]) {
      rows.push(
        scoreTurnRankings(
          textRun,
          rescored((ranking, at) => withRecency(ranking, at, boost)),
          `re-scoring: ${name}`,
          `recency, score × (1 + ${boost} × lateness)`,
        ),
      );
    }
  }
  const margins: [string, () => Promise<EmbeddingProvider>, readonly number[], number][] = [
    [
      'local n-gram v1',
      async () => createLocalEmbedder(),
      [vectorFullWeightMargin, 0.25, 0.5, 1, 2, localEmbedderFusionMargin],
      localEmbedderFusionMargin,
    ],
    ['word vectors', words({}), [0.06, vectorFullWeightMargin, 0.25], vectorFullWeightMargin],
    [
      'sentence encoder',
      sentenceEncoder,
      [0.02, 0.04, sentenceEncoderFusionMargin, 0.09, vectorFullWeightMargin],
      sentenceEncoderFusionMargin,
    ],
  ];
  for (const [name, embedder, tried, shipped] of margins) {
    for (const fusionMargin of tried) {
      const result = await evaluateSystem(
        inMemory(
          `${name}: hybrid, fusion margin ${fusionMargin}`,
          async () => ({ ...(await embedder()), fusionMargin }),
          1,
        ),
        dataset,
        onProgress,
      );
      const setting = `${fusionMargin}${fusionMargin === shipped ? ' (shipped)' : ''}`;
      rows.push(summarize(`fusion margin: ${name}`, setting, result.outcomes));
    }
  }
  return rows;
}
