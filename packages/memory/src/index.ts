export { type AnthropicMemoryTool, anthropicMemoryTool } from './anthropic-memory-tool.js';
export {
  createMemory,
  type Memory,
  type MemoryOptions,
  type MemoryPorts,
} from './create-memory.js';
export { type GeminiMemoryTool, geminiMemoryTool } from './gemini-memory-tool.js';
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
} from './import-conversation.js';
export { type InstructionsOptions, instructions } from './instructions.js';
export { type LangChainMemoryTool, langChainMemoryTool } from './langchain-memory-tool.js';
export {
  createLocalEmbedder,
  type LocalEmbedderOptions,
  localEmbedderDimensions,
} from './local-embedder.js';
export type { HydrationDegradation, MemoryBlock, RecalledMemory } from './memory-block.js';
export {
  type JsonSchemaObject,
  type MemoryToolOptions,
  memoryToolDescription,
  memoryToolInputSchema,
  memoryToolName,
} from './memory-tool.js';
export {
  type MemoryToolOpsOptions,
  type MemoryToolResult,
  memoryToolDescriptions,
  memoryToolInputSchemas,
  memoryToolOps,
  type ToolMemory,
} from './memory-tool-ops.js';
export { MissingMemoryPort } from './missing-memory-port.js';
export {
  type ModelOp,
  modelAddOpSchema,
  modelDeleteOpSchema,
  modelOpSchema,
  modelOpsPayloadSchema,
  modelUpdateOpSchema,
} from './model-op.js';
export { type OpenAIChatMemoryTool, openaiChatMemoryTool } from './openai-chat-memory-tool.js';
export {
  type OpenAIResponsesMemoryTool,
  openaiResponsesMemoryTool,
} from './openai-responses-memory-tool.js';
export { OpsObjectFilter, type WithheldOps } from './ops-object-filter.js';
export type { RankedMemory } from './rank-candidates.js';
export { type OpsObject, type OpsObjects, readOpsObjects } from './read-ops-objects.js';
export {
  type RecallOptions,
  type RecallOptionsInput,
  recallOptionsSchema,
} from './recall-options.js';
export type { RememberOptions } from './remember.js';
export {
  type OpChannel,
  type OpSource,
  type RememberedOp,
  type RememberedToolCall,
  type RememberOutcome,
  type RememberRejection,
  RememberRejectionCode,
  type UnreadableCode,
} from './remember-outcome.js';
export { renderMemoryBlock } from './render-memory-block.js';
export { renderWorkingContext } from './render-working-context.js';
export {
  type RerankOptions,
  type RerankOptionsInput,
  rerankOptionsSchema,
} from './rerank-options.js';
export { shownText } from './shown-text.js';
export { dropKind } from './telemetry/drop-kind.js';
export type { MemoryTelemetry } from './telemetry/memory-telemetry.js';
export { memoryTracerName, recordMemorySpan } from './telemetry/trace-memory-operation.js';
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
} from './tool-result.js';
export {
  carriedTurnReason,
  comparableText,
  withoutCarriedTurns,
} from './without-carried-turns.js';
export { workingLine } from './working-line.js';
export { type WorkingContext, WorkingWindow, type WorkingWindowOptions } from './working-window.js';
export {
  type BranchApplyResult,
  type BranchRejectedOp,
  type BranchWritePorts,
  type WritePolicy,
  writeInBranch,
} from './write-in-branch.js';
