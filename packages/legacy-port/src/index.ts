export {
  type AdmittedEntry,
  admitLegacyEntries,
  type LegacyAdmission,
} from './admit-legacy-entries.js';
export { defaultPaging, firstPage, type PagingOptions } from './first-page.js';
export {
  fromLangChainVectorStore,
  type LangChainDocumentLike,
  type LangChainVectorStoreLike,
  type LangChainVectorStoreOptions,
} from './from-lang-chain-vector-store.js';
export { isConnectionError } from './is-connection-error.js';
export type { LegacyEntry } from './legacy-entry.js';
export type {
  LegacyRetrievalEngine,
  LegacyRetrievalRequest,
} from './legacy-retrieval-engine.js';
export {
  LegacyRetrievalPort,
  type LegacyRetrievalPortBaseOptions,
  type LegacyRetrievalPortOptions,
  type RowMapper,
} from './legacy-retrieval-port.js';
export { legacyProvenance } from './to-scored-memory.js';
