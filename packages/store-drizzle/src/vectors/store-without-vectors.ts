import { DegradationCode, SymfonicError } from '@symfonic/core';

/** Why a store has no vectors: the degradation code its retrievals report. */
export type MissingVectorSupport =
  | typeof DegradationCode.noEmbedder
  | typeof DegradationCode.noVectorIndex;

/**
 * A store asked to write vectors (`embedMissing`) has none to write: it was
 * opened without an embedder (`no-embedder`), or its database has no pgvector
 * (`no-vector-index`). A configuration error, thrown before anything is read
 * or written.
 */
export class StoreWithoutVectors extends SymfonicError {
  static readonly code = 'STORE_WITHOUT_VECTORS';
  /** What the store lacks. */
  readonly missing: MissingVectorSupport;

  constructor(missing: MissingVectorSupport) {
    super(
      StoreWithoutVectors.code,
      missing === DegradationCode.noEmbedder
        ? 'the store was opened without an embedder: it has no vectors to write'
        : 'this database has no pgvector extension: the store has no vector index to fill',
    );
    this.missing = missing;
  }

  /** True for a `StoreWithoutVectors` from any copy of `@symfonic/store-drizzle`. */
  static override isInstance(error: unknown): error is StoreWithoutVectors {
    return SymfonicError.isInstance(error) && error.code === StoreWithoutVectors.code;
  }
}
