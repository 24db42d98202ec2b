export {
  createMemory,
  type Memory,
  type MemoryOptions,
  type MemoryPorts,
} from './create-memory.js';
export {
  createLocalEmbedder,
  type LocalEmbedderOptions,
  localEmbedderDimensions,
  localEmbedderFusionMargin,
} from './embedders/local-embedder.js';
export type { RankedMemory } from './hydrate/rank-candidates.js';
export {
  type RecallOptions,
  type RecallOptionsInput,
  recallOptionsSchema,
} from './hydrate/recall-options.js';
export {
  type WorkingContext,
  WorkingWindow,
  type WorkingWindowOptions,
} from './hydrate/working-window.js';
export type {
  AlreadyImportedMemory,
  ChangedSince,
  ImportedMemory,
  ImportedTurn,
  ImportOptions,
  ImportOutcome,
  ImportPorts,
  MergedTurn,
  RefusedTurn,
} from './import/import-conversation.js';
export { type InstructionsOptions, instructions } from './instructions.js';
export { MissingMemoryPort } from './missing-memory-port.js';
export { OpsObjectFilter, type WithheldOps } from './ops/ops-object-filter.js';
export { type OpsObject, type OpsObjects, readOpsObjects } from './ops/read-ops-objects.js';
export type { RememberOptions } from './remember/remember.js';
export {
  type OpChannel,
  type OpSource,
  type RememberedOp,
  type RememberedToolCall,
  type RememberOutcome,
  type RememberRejection,
  RememberRejectionCode,
  type UnreadableCode,
} from './remember/remember-outcome.js';
export {
  type BranchApplyResult,
  type BranchRejectedOp,
  type BranchWritePorts,
  type WritePolicy,
  writeInBranch,
} from './remember/write-in-branch.js';
export type { HydrationDegradation, MemoryBlock, RecalledMemory } from './render/memory-block.js';
export { renderMemoryBlock } from './render/render-memory-block.js';
export { renderWorkingContext } from './render/render-working-context.js';
export { shownText } from './render/shown-text.js';
export {
  carriedTurnReason,
  comparableText,
  withoutCarriedTurns,
} from './render/without-carried-turns.js';
export { workingLine } from './render/working-line.js';
export {
  type RerankOptions,
  type RerankOptionsInput,
  rerankOptionsSchema,
} from './rerank/rerank-options.js';
export { failureMessage, isDegradableFailure } from './surface/degradable-failure.js';
export {
  type BudgetedBlock,
  emptyMemoryBlock,
  hydrateWithinBudget,
} from './surface/hydrate-within-budget.js';
export { recordOrDegrade } from './surface/record-or-degrade.js';
export { dropKind } from './telemetry/drop-kind.js';
export type { MemoryTelemetry } from './telemetry/memory-telemetry.js';
export { memoryTracerName, recordMemorySpan } from './telemetry/trace-memory-operation.js';
export { type AnthropicMemoryTool, anthropicMemoryTool } from './tools/anthropic-memory-tool.js';
export { type GeminiMemoryTool, geminiMemoryTool } from './tools/gemini-memory-tool.js';
export { type LangChainMemoryTool, langChainMemoryTool } from './tools/langchain-memory-tool.js';
export {
  type JsonSchemaObject,
  type MemoryToolOptions,
  memoryToolDescription,
  memoryToolInputSchema,
  memoryToolName,
} from './tools/memory-tool.js';
export {
  type MemoryToolOpsOptions,
  type MemoryToolResult,
  memoryToolDescriptions,
  memoryToolInputSchemas,
  memoryToolOps,
  type ToolMemory,
} from './tools/memory-tool-ops.js';
export {
  type ModelOp,
  modelAddOpSchema,
  modelDeleteOpSchema,
  modelOpSchema,
  modelOpsPayloadSchema,
  modelUpdateOpSchema,
} from './tools/model-op.js';
export {
  type OpenAIChatMemoryTool,
  openaiChatMemoryTool,
} from './tools/openai-chat-memory-tool.js';
export {
  type OpenAIResponsesMemoryTool,
  openaiResponsesMemoryTool,
} from './tools/openai-responses-memory-tool.js';
export {
  type AiSdkToolResult,
  type AnthropicToolResult,
  type GeminiToolResult,
  type LangChainToolResult,
  type OpenAIChatToolResult,
  type OpenAIResponsesToolResult,
  type ToolResultFamily,
  type ToolResults,
  toolResult,
} from './tools/tool-result.js';
