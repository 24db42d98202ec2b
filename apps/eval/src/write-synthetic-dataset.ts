#!/usr/bin/env node
import { writeFile } from 'node:fs/promises';
import type { EvalDataset } from './eval-dataset.js';
import { generateStructuresDataset } from './synthetic/generate-structures-dataset.js';
import { generateSyntheticDataset } from './synthetic/generate-synthetic-dataset.js';
import { structuresDatasetPath } from './synthetic/structures-dataset-path.js';
import { structuresSplitNames } from './synthetic/structures-splits.js';
import { syntheticDatasetPath } from './synthetic/synthetic-dataset-path.js';

/**
 * Regenerate the committed synthetic data sets from their generators (run
 * with `pnpm --filter @symfonic/eval generate:dataset` after a build):
 * `data/synthetic-conversations.json` and each split of the
 * conversation-structures set, `data/structures-<split>.json`. Tests check that the files still equal
 * what the generators make.
 */
async function write(dataset: EvalDataset, path: string): Promise<void> {
  await writeFile(path, `${JSON.stringify(dataset, null, 2)}\n`);
  console.log(
    `wrote ${dataset.conversations.length} conversations and ${dataset.questions.length} questions to ${path}`,
  );
}

await write(generateSyntheticDataset(), syntheticDatasetPath);
for (const split of structuresSplitNames) {
  await write(generateStructuresDataset(split), structuresDatasetPath(split));
}
