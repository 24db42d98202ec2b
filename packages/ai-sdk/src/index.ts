export type {
  MemoryDegradation,
  MemoryFinish,
  MemoryReport,
  MemoryStep,
  MemoryTimings,
} from './memory-report.js';
export { OpsObjectFilter, type WithheldOps } from './ops-object-filter.js';
export {
  type SymfonicMemoryMiddleware,
  type SymfonicMemoryOptions,
  symfonicMemory,
} from './symfonic-memory.js';
