import { structuresDatasetPath } from './synthetic/structures-dataset-path.js';
import { syntheticDatasetPath } from './synthetic/synthetic-dataset-path.js';

/**
 * The data sets this harness ships, by the name `--dataset` accepts:
 * `synthetic` (the first synthetic set, the default), and the three splits
 * of the conversation-structures set, `structures-development` and
 * `structures-held-out` (ranking work may be tuned on them) and
 * `structures-held-out-2` (never tuned on).
 */
export const shippedDatasets: Readonly<Record<string, string>> = {
  synthetic: syntheticDatasetPath,
  'structures-development': structuresDatasetPath('development'),
  'structures-held-out': structuresDatasetPath('held-out'),
  'structures-held-out-2': structuresDatasetPath('held-out-2'),
};

/**
 * The file `--dataset` names: a shipped data set's file for its name, the
 * value itself (a path) otherwise.
 *
 * @returns a path; never throws (reading it may).
 */
export function datasetPath(nameOrPath: string): string {
  return Object.hasOwn(shippedDatasets, nameOrPath)
    ? (shippedDatasets[nameOrPath] as string)
    : nameOrPath;
}
