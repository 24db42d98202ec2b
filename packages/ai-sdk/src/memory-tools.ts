import { Limits, type MemoryScope, parseInput, toScope } from '@symfonic/core';
import {
  type Memory,
  type MemoryBlock,
  modelAddOpSchema,
  modelDeleteOpSchema,
  modelUpdateOpSchema,
  type RememberOutcome,
} from '@symfonic/memory';
import { tool } from 'ai';
import { z } from 'zod';

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

/** A memory as a tool shows it to the model: the ref to name it by, its layer and text. */
export interface ToolMemory {
  readonly ref: string;
  readonly layer: string;
  readonly text: string;
}

/** What a write tool answers the model: the memory as it now stands, or why the op was refused. */
export type MemoryToolResult =
  | { readonly status: 'applied'; readonly memory: ToolMemory }
  | { readonly status: 'refused'; readonly code: string; readonly reason: string };

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
 *   `duplicate`); the tool answers the memory as it now stands with its ref,
 *   or the refusal's code and reason. Their input schemas are the op schemas
 *   `remember` validates with, less `op`.
 * - `memory_search` `{ query }`: the memories recalled at `owner` for the
 *   query, each with a ref that `memory_update` and `memory_delete` accept.
 *
 * Refs are those of `block`, then those the tools hand out (a memory added
 * or found gets the next free number), so one ref never names two memories.
 * A store that is down fails the tool call with `MemoryUnavailable`, which
 * the AI SDK hands back to the model as a tool error.
 *
 * @throws InvalidMemoryInput when `owner` or `writer` is malformed.
 */
export function memoryTools(options: MemoryToolsOptions) {
  const { memory } = options;
  const owner = toScope(options.owner);
  const writer = parseInput(writerSchema, options.writer ?? 'symfonic-ai-sdk', 'writer');
  const blockOf = () =>
    typeof options.block === 'function' ? options.block() : (options.block ?? undefined);

  let base: MemoryBlock | undefined;
  let handedOut = new Map<string, string>();
  /** Every ref the model may name now: the block's, then the tools' own. */
  const refs = (): Record<string, string> => {
    const current = blockOf();
    if (current !== base) {
      base = current;
      handedOut = new Map();
    }
    return { ...(base?.refs ?? {}), ...Object.fromEntries(handedOut) };
  };
  const refFor = (id: string): string => {
    const known = Object.entries(refs()).find(([, memoryId]) => memoryId === id);
    if (known) return known[0];
    const numbers = Object.keys(refs()).map((ref) => Number(ref.slice(1)) || 0);
    const ref = `#${Math.max(0, ...numbers) + 1}`;
    handedOut.set(ref, id);
    return ref;
  };

  const apply = async (op: Record<string, unknown>): Promise<MemoryToolResult> => {
    const outcome: RememberOutcome = await memory.remember(owner, JSON.stringify({ ops: [op] }), {
      provenance: { writer },
      refs: refs(),
    });
    const [applied] = outcome.applied;
    if (applied) {
      const { record } = applied;
      return {
        status: 'applied',
        memory: { ref: refFor(record.id), layer: record.layer, text: record.text },
      };
    }
    const [rejected] = outcome.rejected;
    return {
      status: 'refused',
      code: rejected?.code ?? outcome.unreadable?.code ?? 'invalid-op',
      reason: rejected?.reason ?? outcome.unreadable?.reason ?? 'the op was not applied',
    };
  };

  return {
    memory_add: tool({
      description:
        'Remember something new: a lasting fact about the user or their world ("semantic") or an event ("episodic").',
      inputSchema: withoutOp(modelAddOpSchema),
      execute: (input) => apply({ op: 'add', ...input }),
    }),
    memory_update: tool({
      description:
        'Rewrite a memory that is wrong or out of date, named by its ref (e.g. "#2"), instead of adding a conflicting one.',
      inputSchema: withoutOp(modelUpdateOpSchema),
      execute: (input) => apply({ op: 'update', ...input }),
    }),
    memory_delete: tool({
      description: 'Forget a memory that is no longer true, named by its ref (e.g. "#2").',
      inputSchema: withoutOp(modelDeleteOpSchema),
      execute: (input) => apply({ op: 'delete', ...input }),
    }),
    memory_search: tool({
      description:
        'Search what you remember about the user. Answers memories with refs that memory_update and memory_delete accept.',
      inputSchema: z.object({
        query: z.string().min(1).max(Limits.cueText).describe('what to look for, in words'),
      }),
      execute: async ({ query }): Promise<{ memories: ToolMemory[] }> => {
        const found = await memory.hydrate(owner, query);
        return {
          memories: found.recalled.map(({ record }) => ({
            ref: refFor(record.id),
            layer: record.layer,
            text: record.text,
          })),
        };
      },
    }),
  };
}
