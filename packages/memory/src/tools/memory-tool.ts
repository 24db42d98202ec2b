import { z } from 'zod';
import { modelOpsPayloadSchema } from './model-op.js';

/** The default name of the memory tool, the one `remember` reads calls of. */
export const memoryToolName = 'memory_ops';

/** What the memory tool does, told to the model in every tool definition. */
export const memoryToolDescription =
  'Change what you remember about the user and their world: add a memory, update or delete a memory of your memory block by its ref. Call it only when something should change.';

/** Options of every memory tool definition. */
export interface MemoryToolOptions {
  /** The tool's name, default {@link memoryToolName}; give `remember` the same `toolName`. */
  readonly name?: string;
  /** The tool's description, default {@link memoryToolDescription}. */
  readonly description?: string;
}

/** A JSON Schema object, as the provider SDKs take one for a tool's input. */
export type JsonSchemaObject = { readonly type: 'object' } & Record<string, unknown>;

/**
 * The JSON Schema of the memory tool's input, `{ "ops": [ … ] }`, derived from
 * {@link modelOpsPayloadSchema} (the schema `remember` validates both channels
 * with) by zod's `z.toJSONSchema`, for the input a model writes (defaults
 * optional). The `$schema` key is left out: some providers refuse it. A new
 * object every call, so a caller may change it.
 */
export function memoryToolInputSchema(): JsonSchemaObject {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(modelOpsPayloadSchema, { io: 'input' });
  return { ...schema, type: 'object' };
}

/** The name and description of a tool definition, with the defaults applied. */
export function memoryToolIdentity(options: MemoryToolOptions = {}): {
  readonly name: string;
  readonly description: string;
} {
  return {
    name: options.name ?? memoryToolName,
    description: options.description ?? memoryToolDescription,
  };
}
