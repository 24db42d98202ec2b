import {
  type JsonSchemaObject,
  type MemoryToolOptions,
  memoryToolIdentity,
  memoryToolInputSchema,
} from './memory-tool.js';

/** The memory tool as an OpenAI Responses API function tool (`FunctionTool`). */
export interface OpenAIResponsesMemoryTool {
  readonly type: 'function';
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchemaObject;
  /** `false`: strict mode would require every optional field (`layer`, `salience`). */
  readonly strict: false;
}

/**
 * The memory tool for the OpenAI Responses API: pass it in `tools`; the
 * response's `function_call` items naming it are read by `remember`.
 */
export function openaiResponsesMemoryTool(
  options: MemoryToolOptions = {},
): OpenAIResponsesMemoryTool {
  return {
    type: 'function',
    ...memoryToolIdentity(options),
    parameters: memoryToolInputSchema(),
    strict: false,
  };
}
