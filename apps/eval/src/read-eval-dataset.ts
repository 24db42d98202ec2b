import { readFile } from 'node:fs/promises';
import { type EvalDataset, evalDatasetSchema } from './eval-dataset.js';

/**
 * Read a data set in this harness's own JSON format (the shape of
 * `data/synthetic-conversations.json`).
 *
 * @throws Error when the file cannot be read, is not JSON, or does not match
 * {@link evalDatasetSchema} (the message names the first wrong field).
 */
export async function readEvalDataset(path: string): Promise<EvalDataset> {
  const parsed = evalDatasetSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${path} is not an evaluation data set: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}
