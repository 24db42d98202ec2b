import {
  memoryToolDescription,
  memoryToolInputSchema,
  type modelOpsPayloadSchema,
} from '@symfonic/memory';
import { jsonSchema, type Tool, tool } from 'ai';
import type { z } from 'zod';

/** The input a model writes for the memory tool: `{ ops: [...] }`, as the model sent it. */
export type MemoryToolInput = z.input<typeof modelOpsPayloadSchema>;

/**
 * The memory tool for the Vercel AI SDK: give it as
 * `tools: { [memoryToolName]: aiSdkMemoryTool() }` (the key is the tool's
 * name, and `remember`'s `toolName` when it is not `memory_ops`). It has no
 * `execute`: `remember` reads its calls from the result and `toolResult`
 * answers them, so the ops of one turn are written once, together.
 *
 * The model is shown the op schema, but the SDK does not validate the input
 * against it: a call carrying one bad op would otherwise be refused whole,
 * while `remember` judges each op on its own and says why it refused one.
 */
export function aiSdkMemoryTool(
  options: { readonly description?: string } = {},
): Tool<MemoryToolInput> {
  return tool({
    description: options.description ?? memoryToolDescription,
    inputSchema: jsonSchema<MemoryToolInput>(
      memoryToolInputSchema() as Parameters<typeof jsonSchema>[0],
    ),
  });
}
