export { OpsObjectFilter, type ToolMemory, type WithheldOps } from '@symfonic/memory';
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
