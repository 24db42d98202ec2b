import {
  type JsonSchemaObject,
  type MemoryToolOptions,
  memoryToolIdentity,
  memoryToolInputSchema,
} from './memory-tool.js';

/**
 * The memory tool as a LangChain.js tool definition (`StructuredToolParams` of
 * `@langchain/core/tools`: a name, a description and a JSON Schema, with no
 * function to run), for `chatModel.bindTools([...])`. The model's calls of it
 * arrive in the `AIMessage`'s `tool_calls`, which `remember` reads; nothing
 * runs the tool itself.
 */
export interface LangChainMemoryTool {
  readonly name: string;
  readonly description: string;
  readonly schema: JsonSchemaObject;
}

/** The memory tool for LangChain.js's `bindTools`; see {@link LangChainMemoryTool}. */
export function langChainMemoryTool(options: MemoryToolOptions = {}): LangChainMemoryTool {
  return { ...memoryToolIdentity(options), schema: memoryToolInputSchema() };
}
