import {
  type JsonSchemaObject,
  type MemoryToolOptions,
  memoryToolIdentity,
  memoryToolInputSchema,
} from './memory-tool.js';

/** The memory tool as an OpenAI Chat Completions function tool (`ChatCompletionFunctionTool`). */
export interface OpenAIChatMemoryTool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: JsonSchemaObject;
  };
}

/**
 * The memory tool for OpenAI Chat Completions (and for LangChain's
 * `bindTools`, which takes this format): pass it in `tools`; the reply's
 * `tool_calls` naming it are read by `remember`.
 */
export function openaiChatMemoryTool(options: MemoryToolOptions = {}): OpenAIChatMemoryTool {
  return {
    type: 'function',
    function: { ...memoryToolIdentity(options), parameters: memoryToolInputSchema() },
  };
}
