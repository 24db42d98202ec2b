import { DefinedStore, DegradationCode } from '@symfonic/core';
import { DrizzleStoreBackend } from './drizzle-store-backend.js';
import type { DrizzleStoreSettings } from './drizzle-store-settings.js';
import {
  type EmbedMissingOptions,
  type EmbedMissingResult,
  embedMissing,
} from './vectors/embed-missing.js';
import { StoreWithoutVectors } from './vectors/store-without-vectors.js';
import type { MemoryWrite } from './writes/memory-write.js';

/**
 * The memory store on PostgreSQL through Drizzle: every port of core's
 * `MemoryStore`, for any pg-core database (PGlite, node-postgres, Neon).
 * Build one with `createDrizzleStore` (or a driver entry point), which
 * migrates the database first.
 *
 * Core's store kit (`DefinedStore`) owns the rules every store owes: input
 * parsing, the closed state, embedding with its batch check, candidate
 * windows, the `no-embedder` and `embedding-failed` degradations, settling,
 * the visibility checks of every answer (a row that fails is a
 * `ScopeViolation`, never filtered) and paging. The SQL is
 * {@link DrizzleStoreBackend}'s: visibility is a SQL predicate on indexed
 * columns in every statement that reads or writes rows for a scope. Every
 * failure of the database becomes `MemoryUnavailable` (the driver's error
 * kept as `cause`), bad input `InvalidMemoryInput`; after `close()` every
 * call throws `MemoryUnavailable`. The opener's release runs once, on the
 * first `close()`.
 *
 * Beyond `MemoryStore`, the store says whether it ranks by vectors
 * (`vectors`) and fills in the vectors a database lacks (`embedMissing`).
 */
export class DrizzleMemoryStore extends DefinedStore {
  readonly #settings: DrizzleStoreSettings;

  constructor(settings: DrizzleStoreSettings) {
    super(new DrizzleStoreBackend(settings));
    this.#settings = settings;
  }

  /** Whether retrieval ranks by vectors: an embedder was given and pgvector is installed. */
  get vectors(): boolean {
    return this.#settings.vectorIndex !== undefined;
  }

  /**
   * Give every live memory (of every tenant) a vector of this store's
   * embedder model, for a database written without an embedder or with
   * another model, which retrievals report as `vectors-incomplete`. Memories
   * without one are read tenant by tenant, oldest first, `batchSize` at a time (100 by
   * default), embedded outside any transaction, and written each batch in its
   * own transaction; `onProgress` is told after each. Safe beside concurrent
   * writes and other runs (in this process or another): a memory never gets
   * two vectors of a model, and a memory whose text changed after it was read
   * is not given the old text's vector (it is read again). Resolves once no
   * memory lacks a vector, with the number this run wrote.
   *
   * Aborting `signal` stops the run before its next read or write (the batch
   * being embedded is not written) and rejects with the signal's reason;
   * batches already written stay, and running again resumes with the rest.
   *
   * @throws StoreWithoutVectors when the store was opened without an embedder or its database has no pgvector.
   * @throws InvalidMemoryInput when the options are malformed.
   * @throws MemoryUnavailable when the embedder fails or answers unusable vectors (nothing of that batch is written), or the database cannot be reached, or the store is closed.
   */
  embedMissing(options: EmbedMissingOptions = {}): Promise<EmbedMissingResult> {
    return this.run('embed missing vectors', async () => {
      const { database, embedder, vectorIndex, readIndex } = this.#settings;
      if (!embedder) throw new StoreWithoutVectors(DegradationCode.noEmbedder);
      if (!vectorIndex) throw new StoreWithoutVectors(DegradationCode.noVectorIndex);
      // The read index holds the model's vectors: it reads the memories of each batch again.
      const write: MemoryWrite = readIndex
        ? (action, touched) => readIndex.write(action, touched)
        : (action) => action();
      return embedMissing(database, vectorIndex, (texts) => this.#embedEach(texts), options, write);
    });
  }

  /** One checked vector per text of `texts`, in order (see core's `embedTexts`). */
  async #embedEach(texts: readonly string[]): Promise<Float32Array[]> {
    const byText = await this.embed(texts);
    return texts.map((text) => byText.get(text) as Float32Array);
  }
}
