#!/usr/bin/env node
import { writeFile } from 'node:fs/promises';
import { generateSyntheticDataset } from './synthetic/generate-synthetic-dataset.js';
import { syntheticDatasetPath } from './synthetic/synthetic-dataset-path.js';

/**
 * Regenerate `data/synthetic-conversations.json` from the generator (run with
 * `pnpm --filter @symfonic/eval generate:dataset` after a build). The file is
 * committed; a test checks that it still equals what the generator makes.
 */
const dataset = generateSyntheticDataset();
await writeFile(syntheticDatasetPath, `${JSON.stringify(dataset, null, 2)}\n`);
console.log(
  `wrote ${dataset.conversations.length} conversations and ${dataset.questions.length} questions to ${syntheticDatasetPath}`,
);
