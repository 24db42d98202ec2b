export {
  type DumpEnd,
  type DumpHeader,
  type DumpLine,
  type DumpMemory,
  type DumpTurn,
  type DumpVersion,
  dumpEndSchema,
  dumpFormat,
  dumpHeaderSchema,
  dumpMemorySchema,
  dumpTurnSchema,
  dumpVersionSchema,
} from './dump-format.js';
export { type ExportOptions, exportScope } from './export-scope.js';
export {
  type ImportProgress,
  type ImportReport,
  type LineCounts,
  LineRefusal,
  type LineRefusalCode,
  type RefusedLine,
} from './import-report.js';
export { type ImportOptions, importScope, type ScopeRemap } from './import-scope.js';
