import { fileURLToPath } from 'node:url';
import type { StructuresSplit } from './structures-splits.js';

/**
 * Where a split of the committed conversation-structures data set lives:
 * `apps/eval/data/structures-<split>.json`.
 *
 * @returns the absolute path; never throws.
 */
export function structuresDatasetPath(split: StructuresSplit): string {
  return fileURLToPath(new URL(`../../data/structures-${split}.json`, import.meta.url));
}
