import { tool } from '@langchain/core/tools';
import type { MemoryScope } from '@symfonic/core';
import {
  type Memory,
  type MemoryBlock,
  memoryToolDescriptions,
  memoryToolInputSchemas,
  memoryToolOps,
} from '@symfonic/memory';

/** Options of {@link memoryTools}. */
export interface MemoryToolsOptions {
  /** The memory loop the tools write and search through. */
  readonly memory: Memory;
  /** Where memories are written and searched: usually the user. */
  readonly owner: MemoryScope;
  /**
   * The block the model was shown, whose refs `memory_update` and
   * `memory_delete` may name; or a function answering the current one
   * (`symfonicMiddleware(...).block`). Without it only refs the tools
   * themselves handed out are known.
   */
  readonly block?: MemoryBlock | ((toolCallId?: string) => MemoryBlock | undefined);
  /** The provenance `writer` of what the tools write (default `symfonic-langchain`). */
  readonly writer?: string;
}

/**
 * The memory tools as LangChain tools (`tool(...)` of `@langchain/core/tools`,
 * zod input schemas), for `createAgent({ tools })` or `model.bindTools(...)`:
 * `memory_add` `{ layer?, text, salience? }`, `memory_update` `{ ref, text,
 * salience? }`, `memory_delete` `{ ref }` and `memory_search` `{ query }`,
 * each `memoryToolOps` of `@symfonic/memory` (the validation, ref rules and
 * refusals of an ops object). A tool answers JSON: the memory as it now
 * stands with its ref, the refusal's code and reason, or the memories found.
 * Bound to a request's block, refs the model was shown are the ones it may
 * name. A store that is down fails the tool call with `MemoryUnavailable`,
 * which the agent hands the model as a tool error. A `ScopeViolation` is
 * thrown too: give the agent `symfonicMiddleware`, whose `wrapToolCall` fails
 * the agent call with it, since `createAgent` otherwise hands every tool
 * error, and its message, to the model.
 *
 * @throws InvalidMemoryInput when `owner` or `writer` is malformed.
 */
export function memoryTools(options: MemoryToolsOptions) {
  const ops = memoryToolOps({ ...options, writer: options.writer ?? 'symfonic-langchain' });
  const add = tool(
    async (input, config) => JSON.stringify(await ops.add(input, config?.toolCall?.id)),
    {
      name: 'memory_add',
      description: memoryToolDescriptions.add,
      schema: memoryToolInputSchemas.add,
    },
  );
  const update = tool(
    async (input, config) => JSON.stringify(await ops.update(input, config?.toolCall?.id)),
    {
      name: 'memory_update',
      description: memoryToolDescriptions.update,
      schema: memoryToolInputSchemas.update,
    },
  );
  const forget = tool(
    async (input, config) => JSON.stringify(await ops.delete(input, config?.toolCall?.id)),
    {
      name: 'memory_delete',
      description: memoryToolDescriptions.delete,
      schema: memoryToolInputSchemas.delete,
    },
  );
  const search = tool(
    async (input, config) => JSON.stringify(await ops.search(input, config?.toolCall?.id)),
    {
      name: 'memory_search',
      description: memoryToolDescriptions.search,
      schema: memoryToolInputSchemas.search,
    },
  );
  return [add, update, forget, search] as [typeof add, typeof update, typeof forget, typeof search];
}
