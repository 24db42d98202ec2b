import type { MemoryScope } from '@symfonic/core';
import {
  type Memory,
  type MemoryBlock,
  memoryToolDescriptions,
  memoryToolInputSchemas,
  memoryToolOps,
} from '@symfonic/memory';
import { tool } from 'ai';

export type { MemoryToolResult, ToolMemory } from '@symfonic/memory';

/** Options of {@link memoryTools}. */
export interface MemoryToolsOptions {
  /** The memory loop the tools write and search through. */
  readonly memory: Memory;
  /** Where memories are written and searched: usually the user. */
  readonly owner: MemoryScope;
  /**
   * The block the model was shown, whose refs `update` and `delete` may name;
   * or a function answering the current one (`symfonicMemory(...).block`).
   * Without it only refs the tools themselves handed out are known.
   */
  readonly block?: MemoryBlock | (() => MemoryBlock | undefined);
  /** The provenance `writer` of what the tools write (default `symfonic-ai-sdk`). */
  readonly writer?: string;
}

/**
 * AI SDK tools for a model that changes its memory by calling tools rather
 * than by ending its answer with an ops object: `memory_add`,
 * `memory_update`, `memory_delete` (by ref) and `memory_search`, each
 * `memoryToolOps` of `@symfonic/memory` (its validation, refs and refusals)
 * as an AI SDK `tool`. A store that is down fails the tool call with
 * `MemoryUnavailable`, which the AI SDK hands back to the model as a tool error.
 *
 * @throws InvalidMemoryInput when `owner` or `writer` is malformed.
 */
export function memoryTools(options: MemoryToolsOptions) {
  const ops = memoryToolOps({ ...options, writer: options.writer ?? 'symfonic-ai-sdk' });
  return {
    memory_add: tool({
      description: memoryToolDescriptions.add,
      inputSchema: memoryToolInputSchemas.add,
      execute: ops.add,
    }),
    memory_update: tool({
      description: memoryToolDescriptions.update,
      inputSchema: memoryToolInputSchemas.update,
      execute: ops.update,
    }),
    memory_delete: tool({
      description: memoryToolDescriptions.delete,
      inputSchema: memoryToolInputSchemas.delete,
      execute: ops.delete,
    }),
    memory_search: tool({
      description: memoryToolDescriptions.search,
      inputSchema: memoryToolInputSchemas.search,
      execute: ops.search,
    }),
  };
}
