import {
  type JsonSchemaObject,
  type MemoryToolOptions,
  memoryToolIdentity,
  memoryToolInputSchema,
} from './memory-tool.js';

/** The memory tool as an Anthropic Messages API `tools` entry (`Anthropic.Tool`). */
export interface AnthropicMemoryTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchemaObject;
}

/**
 * The memory tool for the Anthropic Messages API: pass it in `tools`; the
 * model's `tool_use` blocks naming it are read by `remember`.
 */
export function anthropicMemoryTool(options: MemoryToolOptions = {}): AnthropicMemoryTool {
  return { ...memoryToolIdentity(options), input_schema: memoryToolInputSchema() };
}
