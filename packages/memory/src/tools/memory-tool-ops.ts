import { Limits, type MemoryScope, parseInput, toScope } from '@symfonic/core';
import { z } from 'zod';
import type { Memory } from '../create-memory.js';
import type { RememberOutcome } from '../remember/remember-outcome.js';
import type { MemoryBlock } from '../render/memory-block.js';
import { shownText } from '../render/shown-text.js';
import { modelAddOpSchema, modelDeleteOpSchema, modelUpdateOpSchema } from './model-op.js';

/** Options of {@link memoryToolOps}. */
export interface MemoryToolOpsOptions {
  /** The memory loop the tools write and search through. */
  readonly memory: Memory;
  /** Where memories are written and searched: usually the user. */
  readonly owner: MemoryScope;
  /**
   * The block the model was shown, whose refs `update` and `delete` may name;
   * or a function answering the current one (an integration's turn block).
   * Without it only refs the tools themselves handed out are known.
   */
  readonly block?: MemoryBlock | ((toolCallId?: string) => MemoryBlock | undefined);
  /** The provenance `writer` of what the tools write. */
  readonly writer: string;
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

/** The input schemas of the memory tools: the op schemas `remember` validates with, less `op`. */
export const memoryToolInputSchemas = {
  add: withoutOp(modelAddOpSchema),
  update: withoutOp(modelUpdateOpSchema),
  delete: withoutOp(modelDeleteOpSchema),
  search: z.object({
    query: z.string().min(1).max(Limits.cueText).describe('what to look for, in words'),
  }),
};

/** What each memory tool tells the model it does (the tools are named `memory_<op>` everywhere). */
export const memoryToolDescriptions = {
  add: 'Remember something new: a lasting fact about the user or their world ("semantic") or an event ("episodic").',
  update:
    'Rewrite a memory that is wrong or out of date, named by its ref (e.g. "#2"), instead of adding a conflicting one.',
  delete: 'Forget a memory that is no longer true, named by its ref (e.g. "#2").',
  search:
    'Search what you remember about the user. Answers memories with refs that memory_update and memory_delete accept.',
} as const;

/**
 * The memory tools' work, whatever framework calls them (each integration
 * wraps these in its own tool type):
 *
 * - `add` `{ layer?, text, salience? }`, `update` `{ ref, text, salience? }`,
 *   `delete` `{ ref }`: each op goes through `memory.remember` at `owner`,
 *   with the same validation, ref rules and refusals as an ops object (an
 *   invented ref is refused as `unknown-ref`, a duplicate as `duplicate`);
 *   they answer the memory as it now stands with its ref, or the refusal's
 *   code and reason;
 * - `search` `{ query }`: the memories recalled at `owner` for the query,
 *   each with a ref that `update` and `delete` accept.
 *
 * Every text answered is shown as a block shows it (`shownText`: flattened
 * onto one line), so a stored text cannot forge a line. Refs are those of the
 * block a call was made under (`block`, given the tool call's id), then those
 * the tools handed out under that same block (a memory added or found gets
 * the next free number), so one ref never names two memories. A store that
 * is down rejects with `MemoryUnavailable`; a foreign row with `ScopeViolation`.
 *
 * @throws InvalidMemoryInput when `owner` or `writer` is malformed.
 */
export function memoryToolOps(options: MemoryToolOpsOptions) {
  const { memory } = options;
  const owner = toScope(options.owner);
  const writer = parseInput(writerSchema, options.writer, 'writer');
  const blockOf = (toolCallId: string | undefined) =>
    typeof options.block === 'function' ? options.block(toolCallId) : options.block;

  /** The refs the tools handed out, per block they were handed out under (`noBlock` without one). */
  const handedOut = new WeakMap<object, Map<string, string>>();
  const noBlock = {};
  /** Every ref the model may name in the call `toolCallId`: its block's, then the tools' own under it. */
  const refsOf = (toolCallId: string | undefined) => {
    const block = blockOf(toolCallId);
    const key = block ?? noBlock;
    const own = handedOut.get(key) ?? new Map<string, string>();
    handedOut.set(key, own);
    const all = (): Record<string, string> => ({
      ...(block?.refs ?? {}),
      ...Object.fromEntries(own),
    });
    const refFor = (id: string): string => {
      const known = Object.entries(all()).find(([, memoryId]) => memoryId === id);
      if (known) return known[0];
      const numbers = Object.keys(all()).map((ref) => Number(ref.slice(1)) || 0);
      const ref = `#${Math.max(0, ...numbers) + 1}`;
      own.set(ref, id);
      return ref;
    };
    return { all, refFor };
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
    add: (input: z.infer<typeof memoryToolInputSchemas.add>, toolCallId?: string) =>
      apply({ op: 'add', ...input }, toolCallId),
    update: (input: z.infer<typeof memoryToolInputSchemas.update>, toolCallId?: string) =>
      apply({ op: 'update', ...input }, toolCallId),
    delete: (input: z.infer<typeof memoryToolInputSchemas.delete>, toolCallId?: string) =>
      apply({ op: 'delete', ...input }, toolCallId),
    search: async (
      { query }: z.infer<typeof memoryToolInputSchemas.search>,
      toolCallId?: string,
    ): Promise<{ memories: ToolMemory[] }> => {
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
  };
}
