import {
  type JsonSchemaObject,
  type MemoryToolOptions,
  memoryToolIdentity,
  memoryToolInputSchema,
} from './memory-tool.js';

/** The memory tool as a Gemini `FunctionDeclaration`, its input given as JSON Schema. */
export interface GeminiMemoryTool {
  readonly name: string;
  readonly description: string;
  readonly parametersJsonSchema: JsonSchemaObject;
}

/**
 * The memory tool for Gemini: pass it in `config.tools` as
 * `[{ functionDeclarations: [geminiMemoryTool()] }]`; the response's
 * `functionCall` parts naming it are read by `remember`.
 */
export function geminiMemoryTool(options: MemoryToolOptions = {}): GeminiMemoryTool {
  return { ...memoryToolIdentity(options), parametersJsonSchema: memoryToolInputSchema() };
}
