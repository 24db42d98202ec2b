export type {
  MemoryDegradation,
  MemoryFinish,
  MemoryReport,
  MemoryStep,
  MemoryTimings,
  UnreadToolCall,
} from './memory-report.js';
export { type MemoryToolsOptions, memoryTools } from './memory-tools.js';
export {
  type CallCapture,
  type CapturedCall,
  type CapturedToolCall,
  OpsFilteringChatModel,
} from './ops-filtering-chat-model.js';
export {
  maxStoreMetadataLength,
  type StoredValue,
  storeKeyField,
  toStoredValue,
} from './store-value.js';
export {
  memoryToolAcknowledgement,
  memoryToolCutOff,
  type SymfonicMiddlewareOptions,
  symfonicMiddleware,
} from './symfonic-middleware.js';
export {
  SymfonicStore,
  type SymfonicStoreOptions,
  type SymfonicStorePorts,
} from './symfonic-store.js';
