import { fileURLToPath } from 'node:url';

/** Where the committed synthetic data set lives: `apps/eval/data/synthetic-conversations.json`. */
export const syntheticDatasetPath = fileURLToPath(
  new URL('../../data/synthetic-conversations.json', import.meta.url),
);
