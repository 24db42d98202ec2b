import { createHash } from 'node:crypto';
import type { LegacyEntry } from './legacy-entry.js';
import type { LegacyRetrievalEngine } from './legacy-retrieval-engine.js';

/** The part of a LangChain.js `Document` this adapter reads. */
export interface LangChainDocumentLike {
  readonly pageContent: string;
  readonly metadata: Record<string, unknown>;
  readonly id?: string;
}

/**
 * The part of a LangChain.js `VectorStore` this adapter calls. Every
 * LangChain vector store has it; `Filter` is the store's own `FilterType`
 * (an object for most backends, a predicate for `MemoryVectorStore`).
 */
export interface LangChainVectorStoreLike<Filter> {
  similaritySearchWithScore(
    query: string,
    k?: number,
    filter?: Filter,
  ): Promise<[LangChainDocumentLike, number][]>;
}

/** Where {@link fromLangChainVectorStore} reads each row's fields in a document's metadata. */
export interface LangChainVectorStoreOptions {
  /** The metadata key holding the row's tenant. Default `tenantId`. */
  readonly tenantKey?: string;
  /** The metadata key holding the row's explicit scope (`tenant/segment/…`). Default `scopePath`. */
  readonly scopeKey?: string;
  /** The metadata key holding the row's id when the document has no `id`. Default `id`. */
  readonly idKey?: string;
  /** The metadata key holding the row's layer. Default `layer`. */
  readonly layerKey?: string;
  /** The metadata key holding the row's creation time. Default `createdAt`. */
  readonly createdAtKey?: string;
  /** The metadata key holding the row's salience. Default `salience`. */
  readonly salienceKey?: string;
  /**
   * What the store's score means. `similarity` (the default, as
   * `MemoryVectorStore` answers): higher is better, used as the relevance.
   * `distance` (stores that answer a distance): lower is better, so the
   * relevance is the negated distance, which keeps "higher is better".
   */
  readonly score?: 'similarity' | 'distance';
}

/**
 * Any LangChain.js vector store as a legacy retrieval engine, typed
 * structurally (no LangChain import at runtime).
 *
 * The engine's scope is the store's filter: the port's `scopeOf` builds it
 * from the asking scope (`undefined` searches unfiltered), and the port
 * verifies every row's tenant and scope from the metadata regardless, so a
 * wrong filter surfaces as a `ScopeViolation` rather than a leak.
 *
 * A vector store has no offset, so a page at `offset` asks for
 * `k = offset + limit` and keeps the rows from `offset` on. A row's id is the
 * document's `id`, else the metadata's `idKey`, else `sha256:` and a hash of
 * its text (with `#2`, `#3`… for identical texts further down the same
 * answer), which stays the same as `k` grows.
 *
 * The store embeds the cue with its own `Embeddings`, so the engine sets
 * `embedsCue` and ignores any embedder the port hands it: a port over a
 * LangChain store reports no `no-embedder` degradation, whatever its
 * `embedder` option.
 *
 * Throws whatever the store throws (the port decides which errors mean unreachable).
 */
export function fromLangChainVectorStore<Filter>(
  vectorStore: LangChainVectorStoreLike<Filter>,
  options: LangChainVectorStoreOptions = {},
): LegacyRetrievalEngine<Filter | undefined, unknown, LegacyEntry> {
  const keys = {
    tenant: options.tenantKey ?? 'tenantId',
    scope: options.scopeKey ?? 'scopePath',
    id: options.idKey ?? 'id',
    layer: options.layerKey ?? 'layer',
    createdAt: options.createdAtKey ?? 'createdAt',
    salience: options.salienceKey ?? 'salience',
  };
  const relevanceOf =
    options.score === 'distance' ? (score: number) => -score : (score: number) => score;
  return {
    embedsCue: true,
    async retrieve({ cue, scope, limit, offset }) {
      const answer = await vectorStore.similaritySearchWithScore(cue, offset + limit, scope);
      const ids = idsOf(
        answer.map(([document]) => document),
        keys.id,
      );
      return answer.slice(offset, offset + limit).map(([document, score], index) => {
        const metadata = document.metadata ?? {};
        return {
          id: ids[offset + index] ?? '',
          content: document.pageContent,
          score: typeof score === 'number' ? relevanceOf(score) : score,
          layer: metadata[keys.layer] as LegacyEntry['layer'],
          createdAt: metadata[keys.createdAt] as LegacyEntry['createdAt'],
          salience: metadata[keys.salience] as LegacyEntry['salience'],
          scopePath: metadata[keys.scope] as LegacyEntry['scopePath'],
          tenantId: metadata[keys.tenant] as LegacyEntry['tenantId'],
        };
      });
    },
  };
}

/** Each document's id: its own, else its metadata's, else a hash of its text numbered by occurrence. */
function idsOf(documents: readonly LangChainDocumentLike[], idKey: string): string[] {
  const occurrences = new Map<string, number>();
  return documents.map((document) => {
    if (typeof document.id === 'string' && document.id.length > 0) return document.id;
    const fromMetadata = document.metadata?.[idKey];
    if (typeof fromMetadata === 'string' && fromMetadata.length > 0) return fromMetadata;
    if (typeof fromMetadata === 'number' && Number.isFinite(fromMetadata)) {
      return String(fromMetadata);
    }
    const text = typeof document.pageContent === 'string' ? document.pageContent : '';
    const hash = `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    const occurrence = (occurrences.get(hash) ?? 0) + 1;
    occurrences.set(hash, occurrence);
    return occurrence === 1 ? hash : `${hash}#${occurrence}`;
  });
}
