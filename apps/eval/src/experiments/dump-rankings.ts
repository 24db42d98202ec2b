import { writeFile } from 'node:fs/promises';
import { createLocalEmbedder } from '@symfonic/memory';
import { createInMemoryStore } from '@symfonic/store-memory';
import { wordVectorEmbedder } from '../embedders/word-vector-embedder-of.js';
import { readEvalDataset } from '../read-eval-dataset.js';
import { runRetrievals, type RetrievalRun } from '../run-retrievals.js';
import { datasetPath } from '../shipped-datasets.js';

const depth = 50;
const [datasetName, out] = process.argv.slice(2) as [string, string];
const dataset = await readEvalDataset(datasetPath(datasetName));
const canon = (run: RetrievalRun) => (conversationId: string, memoryId: string) =>
  run.ingested.get(conversationId)?.turnOfMemory.get(memoryId) ?? memoryId;
const lexical = await runRetrievals(
  { name: 'lexical', store: 'in-memory', ranking: 'lexical', open: async () => createInMemoryStore() },
  dataset,
  depth,
);
const evidenceOf = (run: RetrievalRun, conversationId: string, turnId: string) => {
  const ingested = run.ingested.get(conversationId);
  const memory = ingested?.memoryOfTurn.get(turnId);
  return memory === undefined ? `unstored:${turnId}` : (ingested?.turnOfMemory.get(memory) ?? turnId);
};
const result: Record<string, unknown> = {
  questions: lexical.retrievals.map(({ question, memoryIds, relevances }) => ({
    id: question.id,
    category: question.category,
    evidence: question.evidence.map((turnId) => evidenceOf(lexical, question.conversationId, turnId)),
    lexical: { ids: memoryIds.map((id) => canon(lexical)(question.conversationId, id)), scores: relevances },
  })),
  vectors: {},
};
for (const [name, embedder] of [
  ['word-vectors', wordVectorEmbedder],
  ['local-ngram', async () => createLocalEmbedder()],
] as const) {
  const shared = await embedder();
  const run = await runRetrievals(
    {
      name,
      store: 'in-memory',
      ranking: 'vectors',
      open: async () => createInMemoryStore({ embedder: shared, fusionWeights: { lexical: 0 } }),
    },
    dataset,
    depth,
  );
  (result.vectors as Record<string, unknown>)[name] = run.retrievals.map(({ question, memoryIds, relevances }) => ({
    ids: memoryIds.map((id) => canon(run)(question.conversationId, id)),
    scores: relevances,
  }));
}
await writeFile(out, JSON.stringify(result));
