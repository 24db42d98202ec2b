export { OpsObjectFilter, type ToolMemory, type WithheldOps } from '@symfonic/memory';
export { type AiSdkEmbedderOptions, createAiSdkEmbedder } from './ai-sdk-embedder.js';
export { aiSdkMemoryTool, type MemoryToolInput } from './ai-sdk-memory-tool.js';
export { type AiSdkRerankerOptions, createAiSdkReranker } from './ai-sdk-reranker.js';
export type {
  MemoryDegradation,
  MemoryFinish,
  MemoryReport,
  MemoryStep,
  MemoryTimings,
} from './memory-report.js';
export {
  type MemoryToolFailure,
  type MemoryToolResult,
  type MemoryToolsOptions,
  memoryTools,
} from './memory-tools.js';
export {
  type SymfonicMemoryMiddleware,
  type SymfonicMemoryOptions,
  symfonicMemory,
} from './symfonic-memory.js';
