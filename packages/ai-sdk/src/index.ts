export { OpsObjectFilter, type WithheldOps } from '@symfonic/memory';
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
  type ToolMemory,
} from './memory-tools.js';
export {
  type SymfonicMemoryMiddleware,
  type SymfonicMemoryOptions,
  symfonicMemory,
} from './symfonic-memory.js';
