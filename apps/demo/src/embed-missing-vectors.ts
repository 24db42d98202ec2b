import type { DrizzleMemoryStore, EmbedMissingProgress } from '@symfonic/store-drizzle';
import { CliError } from './cli-error.js';
import {
  type ProgressReporter,
  type ProgressStream,
  progressReporter,
} from './progress-reporter.js';

/** Options of {@link embedMissingVectors}. */
export interface EmbedMissingVectorsOptions {
  /** The embedder's model, named in what is printed. */
  readonly model: string;
  /** Stops the backfill after the batch in flight (see {@link embedMissingVectors}). */
  readonly signal?: AbortSignal;
  /** Where progress and the summary go; stderr by default. */
  readonly stream?: ProgressStream;
}

/** Memories embedded per embedder call and per transaction. */
const batchSize = 100;

/**
 * Give every memory of the database (every tenant) a vector of the store's
 * embedder model, when some lack one: a database written with another
 * `--embedder`, or before vectors existed. Does nothing, and prints nothing,
 * when none is missing or the store has no vectors (no pgvector). Otherwise
 * runs the store's `embedMissing` in batches of 100, with a progress bar on a
 * terminal (plain lines otherwise) shown from the first batch (the first to
 * tell how many remain), then one summary line.
 *
 * @returns how many vectors were written.
 * @throws CliError (exit code 130) when `signal` aborts: the batches written
 * stay, the batch in flight is not written, and running again resumes.
 * @throws MemoryUnavailable when the embedder or the database fails.
 */
export async function embedMissingVectors(
  store: DrizzleMemoryStore,
  options: EmbedMissingVectorsOptions,
): Promise<number> {
  if (!store.vectors) return 0;
  const stream = options.stream ?? process.stderr;
  let progress: ProgressReporter | undefined;
  let done: EmbedMissingProgress | undefined;
  try {
    const { embedded } = await store.embedMissing({
      batchSize,
      ...(options.signal ? { signal: options.signal } : {}),
      onProgress: (reported) => {
        done = reported;
        const total = reported.embedded + reported.remaining;
        progress ??= progressReporter(total, { verb: 'embedding', unit: 'memories' }, stream);
        progress.update(reported.embedded, total);
      },
    });
    progress?.stop();
    if (embedded > 0) {
      stream.write(`embedded ${embedded} memories that had no vector of ${options.model}\n`);
    }
    return embedded;
  } catch (error) {
    progress?.stop();
    if (options.signal?.aborted) {
      throw new CliError(
        done
          ? `interrupted: ${done.embedded} memories embedded with ${options.model}, ${done.remaining} still without a vector of it (run again to resume)`
          : `interrupted before any memory was embedded with ${options.model} (run again to embed them)`,
        130,
      );
    }
    throw error;
  }
}
