export {
  type AppliedOp,
  type ApplyResult,
  type RejectedOp,
  RejectionCode,
} from './apply-result.js';
export { contextWeight } from './context-weight.js';
export {
  type ConversationTurn,
  type ConversationTurnInput,
  conversationTurnInputSchema,
  conversationTurnSchema,
} from './conversation-turn.js';
export { cosineSimilarity } from './cosine-similarity.js';
export { cueTermsShortened } from './cue-terms-shortened.js';
export { checkAnswerCount, type ExpectedAnswerCount } from './embedding/check-answer-count.js';
export {
  checkEmbeddingBatch,
  type ExpectedEmbeddingBatch,
} from './embedding/check-embedding-batch.js';
export { type DistinctEmbedder, embedDistinct } from './embedding/embed-distinct.js';
export { embedTexts } from './embedding/embed-texts.js';
export { ExclusiveRestoreRefused } from './errors/exclusive-restore-refused.js';
export { InvalidMemoryInput } from './errors/invalid-memory-input.js';
export { MemoryUnavailable } from './errors/memory-unavailable.js';
export { ScopeViolation } from './errors/scope-violation.js';
export { SymfonicError, type SymfonicErrorOptions } from './errors/symfonic-error.js';
export { featureHash } from './feature-hash.js';
export {
  type CheckedEntry,
  checkLoggedTurn,
  checkRestoredMemory,
} from './feed/checked-restore-entry.js';
export { type ChangePosition, compareChanges } from './feed/compare-changes.js';
export { compareCodePoints } from './feed/compare-code-points.js';
export { compareScopes } from './feed/compare-scopes.js';
export { decideRestore, type HeldMemory } from './feed/decide-restore.js';
export { decideTurnRestore, type HeldTurn } from './feed/decide-turn-restore.js';
export { feedCursor, type TurnPosition } from './feed/feed-cursor.js';
export { type FeedOptions, feedOptionsSchema } from './feed/feed-options.js';
export { type LoggedTurn, loggedTurnSchema, type TurnPage } from './feed/logged-turn.js';
export type { ChangePage, MemoryChange } from './feed/memory-change.js';
export { readFeedOptions } from './feed/read-feed-options.js';
export { readRestoreBatch } from './feed/read-restore-batch.js';
export {
  type RestoreBatch,
  type RestoredMemory,
  type RestoreOutcome,
  RestoreRefusal,
  type RestoreRefusalCode,
  type RestoreResult,
  restoreBatchSchema,
  restoredHistoryProblem,
  restoredMemorySchema,
  restoredVersionSchema,
} from './feed/restore-batch.js';
export { sameMetadata, sameVersion } from './feed/same-version.js';
export type { ScopePage, ScopeSummary } from './feed/scope-summary.js';
export { firstNonFinite } from './first-non-finite.js';
export { flatten } from './flatten.js';
export { compareCandidates } from './fusion/compare-candidates.js';
export { fuseRankings, type LexicalRanking, type VectorRanking } from './fusion/fuse-rankings.js';
export {
  type HybridPlaces,
  hybridRelevance,
  lexicalScoreShare,
} from './fusion/hybrid-relevance.js';
export { reciprocalRankConstant, reciprocalRankShare } from './fusion/reciprocal-rank.js';
export {
  hybridWeights,
  vectorFullWeightMargin,
  vectorListReliability,
  vectorMarginPlace,
} from './fusion/vector-list-reliability.js';
export {
  defaultFusionWeights,
  type FusionWeights,
  type FusionWeightsOption,
  fusionMarginOf,
  resolveFusionWeights,
} from './fusion-weights.js';
export { isRecord } from './is-record.js';
export { Limits } from './limits.js';
export { listDeletedOptionsSchema } from './list-deleted-options.js';
export { defaultListLimit, listOptionsSchema } from './list-options.js';
export { memoryIdSchema } from './memory-id.js';
export {
  type MemoryLayer,
  memoryLayerSchema,
  type StoredLayer,
  storedLayerSchema,
} from './memory-layer.js';
export {
  addOpSchema,
  deleteOpSchema,
  type MemoryOp,
  type MemoryOpInput,
  memoryOpSchema,
  updateOpSchema,
} from './memory-op.js';
export { type MemoryQuery, memoryQuerySchema } from './memory-query.js';
export {
  type MemoryRecord,
  memoryContextSchema,
  memoryRecordSchema,
  memoryTextSchema,
  metadataSchema,
  type ScoredMemory,
  salienceSchema,
  scoredMemorySchema,
} from './memory-record.js';
export { type MemoryScope, memoryScopeSchema, scopeSegmentSchema } from './memory-scope.js';
export type { MemoryVersion } from './memory-version.js';
export { normalizeMemoryText } from './normalize-memory-text.js';
export { parseInput } from './parse-input.js';
export { type PinnedOptions, pinnedOptionsSchema } from './pinned-options.js';
export type { CandidateSource } from './ports/candidate-source.js';
export type { ConversationLog } from './ports/conversation-log.js';
export type { ConversationSource } from './ports/conversation-source.js';
export type { EmbeddingProvider } from './ports/embedding-provider.js';
export type { MemoryRetrievalPort } from './ports/memory-retrieval-port.js';
export type {
  DeletedPage,
  ExclusiveRestore,
  ForgetResult,
  ListDeletedOptions,
  ListOptions,
  MemoryPage,
  MemoryStore,
} from './ports/memory-store.js';
export type { MemoryWriter } from './ports/memory-writer.js';
export type { PinnedMemorySource } from './ports/pinned-memory-source.js';
export type { Reranker, RerankRequest } from './ports/reranker.js';
export { type Provenance, provenanceSchema } from './provenance.js';
export { rendersBlank } from './renders-blank.js';
export { requireOpList } from './require-op-list.js';
export { requireVisible } from './require-visible.js';
export { requireWithin } from './require-within.js';
export { checkRerankScores, type ExpectedRerankScores } from './rerank/check-rerank-scores.js';
export {
  type Degradation,
  DegradationCode,
  type Dropped,
  degradationSchema,
  droppedSchema,
  type RetrievalResult,
  retrievalResultSchema,
} from './retrieval-result.js';
export {
  formatScope,
  isVisible,
  isWithin,
  parseScope,
  sameScope,
  scopeSeparator,
  toScope,
} from './scope.js';
export {
  type ReadScopeSegment,
  readScopeSegment,
  scopeSegment,
} from './scope-segment.js';
export {
  candidateWindow,
  candidateWindowFactor,
  minimumCandidateWindow,
  scanWindow,
} from './settle/candidate-window.js';
export { type FloorMeasure, floorReason } from './settle/floor-reason.js';
export { formatScore } from './settle/format-score.js';
export { limitReason } from './settle/limit-reason.js';
export { type SettledCandidates, settleCandidates } from './settle/settle-candidates.js';
export { similarityOf } from './similarity-of.js';
export { BackendRanking, type BackendRankingOptions } from './store-kit/backend-ranking.js';
export { DefinedStore, defineStore } from './store-kit/define-store.js';
export type {
  AcceptedOp,
  BackendListOptions,
  FeedRead,
  FeedTurn,
  RankedCandidates,
  RankRequest,
  RestoreEntries,
  StoreBackend,
  TextVectors,
  ValidTurn,
  WrittenOps,
} from './store-kit/store-backend.js';
export { definedStoreBrand, isDefinedStore } from './store-kit/store-brand.js';
export { type OpValidation, validateMemoryOp } from './validate-memory-op.js';
export { NearestRows, type NearRow } from './vectors/nearest-rows.js';
export { rowDot } from './vectors/row-dot.js';
