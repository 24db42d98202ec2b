import { type MemoryScope, ScopeViolation } from '@symfonic/core';
import {
  type Memory,
  type MemoryBlock,
  type MemoryToolResult as MemoryToolOpsResult,
  memoryToolDescriptions,
  memoryToolInputSchemas,
  memoryToolOps,
} from '@symfonic/memory';
import { type JSONValue, tool } from 'ai';

/** Options of {@link memoryTools}. */
export interface MemoryToolsOptions {
  /** The memory loop the tools write and search through. */
  readonly memory: Memory;
  /** Where memories are written and searched: usually the user. */
  readonly owner: MemoryScope;
  /**
   * The block the model was shown, whose refs `update` and `delete` may name;
   * or a function answering the block a tool call was made under, given the
   * call's id (`symfonicMemory(...).block`, which answers the block of the
   * request whose model call made it). Without it only refs the tools
   * themselves handed out are known.
   */
  readonly block?: MemoryBlock | ((toolCallId?: string) => MemoryBlock | undefined);
  /** The provenance `writer` of what the tools write (default `symfonic-ai-sdk`). */
  readonly writer?: string;
}

/**
 * What a write tool answers: the memory as it now stands, or why the op was
 * refused; `failed` (`scope-violation`) when the store answered a memory
 * outside the owner's scope, which never reaches the model: the AI SDK call
 * fails with the `ScopeViolation` instead (see {@link memoryTools}).
 */
export type MemoryToolResult = MemoryToolOpsResult | MemoryToolFailure;

/** The output of a tool call that stopped on a `ScopeViolation`: nothing of the row, which only the app sees. */
export interface MemoryToolFailure {
  readonly status: 'failed';
  readonly code: 'scope-violation';
  readonly reason: string;
}

const violationOutput: MemoryToolFailure = {
  status: 'failed',
  code: 'scope-violation',
  reason: 'the store answered a memory outside this scope: the call was stopped',
};

/**
 * AI SDK tools for a model that changes its memory by calling tools rather
 * than by ending its answer with an ops object:
 *
 * - `memory_add` `{ layer?, text, salience? }`, `memory_update` `{ ref, text, salience? }`,
 *   `memory_delete` `{ ref }`: each op goes through `memory.remember` at
 *   `owner`, with the same validation, ref rules and refusals as an ops
 *   object (an invented ref is refused as `unknown-ref`, a duplicate as
 *   `duplicate`, a memory kept above `owner` as `ancestor-read-only`); the
 *   tool answers the memory as it now stands with its ref, or the refusal's
 *   code and reason. Their input schemas are the op schemas `remember`
 *   validates with, less `op`.
 * - `memory_search` `{ query }`: the memories recalled at `owner` for the
 *   query, each with a ref that `memory_update` and `memory_delete` accept.
 *
 * Every text a tool answers is shown as the block shows it (`shownText`:
 * flattened onto one line), so a stored text cannot forge a line.
 *
 * Refs are those of the block the call was made under (`block`, given the
 * tool call's id), then those the tools handed out under that same block (a
 * memory added or found gets the next free number), so one ref never names
 * two memories, and two requests open at once never share refs.
 *
 * A store that answers a memory outside `owner` (a `ScopeViolation`) fails
 * the `generateText` / `streamText` call with it: the tool's output is never
 * handed to the model (its `toModelOutput` throws the violation), so no
 * foreign scope, id or text reaches it. A store that is down fails the tool
 * call with `MemoryUnavailable`, which the AI SDK hands back to the model as
 * a tool error.
 *
 * @throws InvalidMemoryInput when `owner` or `writer` is malformed.
 */
export function memoryTools(options: MemoryToolsOptions) {
  const ops = memoryToolOps({ ...options, writer: options.writer ?? 'symfonic-ai-sdk' });

  /** The violations tool calls stopped on, by call id, for `toModelOutput` to throw. */
  const violations = new Map<string, ScopeViolation>();
  const guarded =
    <Input, Output>(run: (input: Input, toolCallId: string | undefined) => Promise<Output>) =>
    async (
      input: Input,
      { toolCallId }: { toolCallId?: string },
    ): Promise<Output | MemoryToolFailure> => {
      try {
        return await run(input, toolCallId);
      } catch (error) {
        if (!ScopeViolation.isInstance(error) || toolCallId === undefined) throw error;
        violations.set(toolCallId, error);
        return violationOutput;
      }
    };
  const toModelOutput = ({ toolCallId, output }: { toolCallId: string; output: unknown }) => {
    const violation = violations.get(toolCallId);
    if (violation) {
      violations.delete(toolCallId);
      throw violation;
    }
    return { type: 'json' as const, value: output as JSONValue };
  };

  return {
    memory_add: tool({
      description: memoryToolDescriptions.add,
      inputSchema: memoryToolInputSchemas.add,
      execute: guarded(ops.add),
      toModelOutput,
    }),
    memory_update: tool({
      description: memoryToolDescriptions.update,
      inputSchema: memoryToolInputSchemas.update,
      execute: guarded(ops.update),
      toModelOutput,
    }),
    memory_delete: tool({
      description: memoryToolDescriptions.delete,
      inputSchema: memoryToolInputSchemas.delete,
      execute: guarded(ops.delete),
      toModelOutput,
    }),
    memory_search: tool({
      description: memoryToolDescriptions.search,
      inputSchema: memoryToolInputSchemas.search,
      execute: guarded(ops.search),
      toModelOutput,
    }),
  };
}
