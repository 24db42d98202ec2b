import { Limits, type MemoryScope, parseInput, ScopeViolation, toScope } from '@symfonic/core';
import {
  type Memory,
  type MemoryBlock,
  modelAddOpSchema,
  modelDeleteOpSchema,
  modelUpdateOpSchema,
  type RememberOutcome,
  shownText,
} from '@symfonic/memory';
import { type JSONValue, tool } from 'ai';
import { z } from 'zod';

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

/** A memory as a tool shows it to the model: the ref to name it by, its layer and text. */
export interface ToolMemory {
  readonly ref: string;
  readonly layer: string;
  readonly text: string;
}

/**
 * What a write tool answers: the memory as it now stands, or why the op was
 * refused; `failed` (`scope-violation`) when the store answered a memory
 * outside the owner's scope, which never reaches the model: the AI SDK call
 * fails with the `ScopeViolation` instead (see {@link memoryTools}).
 */
export type MemoryToolResult =
  | { readonly status: 'applied'; readonly memory: ToolMemory }
  | { readonly status: 'refused'; readonly code: string; readonly reason: string }
  | MemoryToolFailure;

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

const writerSchema = z.string().min(1).max(Limits.id);

/**
 * The fields of one op schema without its `op` discriminator (the tool's name
 * says which op it is). Built from the schema's shape, since zod refuses to
 * `omit` from a schema with refinements; unknown fields, an `id` among them,
 * are stripped, so a memory is named by its ref or not at all.
 */
function withoutOp<Shape extends z.ZodRawShape & { op: z.ZodType }>(schema: {
  readonly shape: Shape;
}) {
  const { op: _op, ...fields } = schema.shape;
  return z.object(fields as Omit<Shape, 'op'>);
}

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
  const { memory } = options;
  const owner = toScope(options.owner);
  const writer = parseInput(writerSchema, options.writer ?? 'symfonic-ai-sdk', 'writer');
  const blockOf = (toolCallId: string | undefined) =>
    typeof options.block === 'function' ? options.block(toolCallId) : options.block;

  /** The refs the tools handed out, per block they were handed out under (`noBlock` without one). */
  const handedOut = new WeakMap<object, Map<string, string>>();
  const noBlock = {};
  /** Every ref the model may name in the call `toolCallId`: its block's, then the tools' own under it. */
  const refsOf = (toolCallId: string | undefined) => {
    const block = blockOf(toolCallId);
    const key = block ?? noBlock;
    let own = handedOut.get(key);
    if (!own) {
      own = new Map();
      handedOut.set(key, own);
    }
    const mine = own;
    const all = (): Record<string, string> => ({
      ...(block?.refs ?? {}),
      ...Object.fromEntries(mine),
    });
    const refFor = (id: string): string => {
      const known = Object.entries(all()).find(([, memoryId]) => memoryId === id);
      if (known) return known[0];
      const numbers = Object.keys(all()).map((ref) => Number(ref.slice(1)) || 0);
      const ref = `#${Math.max(0, ...numbers) + 1}`;
      mine.set(ref, id);
      return ref;
    };
    return { all, refFor };
  };

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

  const apply = async (
    op: Record<string, unknown>,
    toolCallId: string | undefined,
  ): Promise<MemoryToolResult> => {
    const refs = refsOf(toolCallId);
    const outcome: RememberOutcome = await memory.remember(owner, JSON.stringify({ ops: [op] }), {
      provenance: { writer },
      refs: refs.all(),
    });
    const [applied] = outcome.applied;
    if (applied) {
      const { record } = applied;
      return {
        status: 'applied',
        memory: { ref: refs.refFor(record.id), layer: record.layer, text: shownText(record.text) },
      };
    }
    const [rejected] = outcome.rejected;
    return {
      status: 'refused',
      code: rejected?.code ?? outcome.unreadable?.code ?? 'invalid-op',
      reason: shownText(rejected?.reason ?? outcome.unreadable?.reason ?? 'the op was not applied'),
    };
  };

  return {
    memory_add: tool({
      description:
        'Remember something new: a lasting fact about the user or their world ("semantic") or an event ("episodic").',
      inputSchema: withoutOp(modelAddOpSchema),
      execute: guarded((input, toolCallId) => apply({ op: 'add', ...input }, toolCallId)),
      toModelOutput,
    }),
    memory_update: tool({
      description:
        'Rewrite a memory that is wrong or out of date, named by its ref (e.g. "#2"), instead of adding a conflicting one.',
      inputSchema: withoutOp(modelUpdateOpSchema),
      execute: guarded((input, toolCallId) => apply({ op: 'update', ...input }, toolCallId)),
      toModelOutput,
    }),
    memory_delete: tool({
      description: 'Forget a memory that is no longer true, named by its ref (e.g. "#2").',
      inputSchema: withoutOp(modelDeleteOpSchema),
      execute: guarded((input, toolCallId) => apply({ op: 'delete', ...input }, toolCallId)),
      toModelOutput,
    }),
    memory_search: tool({
      description:
        'Search what you remember about the user. Answers memories with refs that memory_update and memory_delete accept.',
      inputSchema: z.object({
        query: z.string().min(1).max(Limits.cueText).describe('what to look for, in words'),
      }),
      execute: guarded(
        async ({ query }: { query: string }, toolCallId): Promise<{ memories: ToolMemory[] }> => {
          const found = await memory.hydrate(owner, query);
          const refs = refsOf(toolCallId);
          return {
            memories: found.recalled.map(({ record }) => ({
              ref: refs.refFor(record.id),
              layer: record.layer,
              text: shownText(record.text),
            })),
          };
        },
      ),
      toModelOutput,
    }),
  };
}
