import type { MemoryScope } from '@symfonic/core';
import type { Memory, MemoryBlock } from '@symfonic/memory';

/** What the steps of a script hand on to each other. */
export interface ScriptState {
  /** The block of the last hydrate, whose refs the next reply uses. */
  block?: MemoryBlock;
}

/** One step of the scripted conversation. */
export interface ScriptStep {
  readonly name: string;
  readonly kind: 'record' | 'hydrate' | 'remember';
  run(memory: Memory, scope: MemoryScope, state: ScriptState): Promise<unknown>;
}

const provenance = { writer: 'scripted-run' };

/** An Anthropic Messages reply whose text ends with `ops`. */
function anthropicReply(ops: readonly unknown[]): unknown {
  return {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [
      {
        type: 'thinking',
        thinking: 'Draft: {"ops":[{"op":"add","text":"draft only"}]}',
        signature: 'x',
      },
      { type: 'text', text: `Noted.\n\`\`\`json\n${JSON.stringify({ ops })}\n\`\`\`` },
    ],
  };
}

/** The ref under which `text` was rendered in `block`; `#0` (no such ref) when it was not. */
function refOf(block: MemoryBlock | undefined, text: string): string {
  return block?.recalled.find((item) => item.record.text === text)?.ref ?? '#0';
}

/**
 * A conversation of two turns and two replies, through `record`, `hydrate`
 * and `remember`: fifteen store calls in all (`hydrate` makes three, `record` one, a
 * `remember` one `get` per memory it updates or deletes, then one `apply`).
 * The second reply updates and deletes memories by the refs of the block
 * hydrated just before it.
 */
export const scriptSteps: readonly ScriptStep[] = [
  {
    name: 'record the first turn',
    kind: 'record',
    run: (memory, scope) =>
      memory.record(scope, {
        turnId: 'turn-1',
        speaker: 'user',
        text: 'I moved to the harbor district of Lisbon, I pilot the harbor ferry',
        turn: 1,
      }),
  },
  {
    name: 'hydrate before the first reply',
    kind: 'hydrate',
    run: async (memory, scope, state) => {
      state.block = await memory.hydrate(scope, 'harbor');
      return state.block;
    },
  },
  {
    name: 'remember three facts',
    kind: 'remember',
    run: (memory, scope) =>
      memory.remember(
        scope,
        anthropicReply([
          { op: 'add', text: 'Lives in the harbor district of Lisbon', salience: 0.8 },
          { op: 'add', text: 'Works as a harbor ferry pilot', salience: 0.6 },
          {
            op: 'add',
            layer: 'episodic',
            text: 'Bought a harbor boat named Gaivota',
            salience: 0.4,
          },
        ]),
        { provenance },
      ),
  },
  {
    name: 'record the second turn',
    kind: 'record',
    run: (memory, scope) =>
      memory.record(scope, {
        turnId: 'turn-2',
        speaker: 'user',
        text: 'I sold the boat and now teach sailing at the harbor',
        turn: 2,
      }),
  },
  {
    name: 'hydrate before the second reply',
    kind: 'hydrate',
    run: async (memory, scope, state) => {
      state.block = await memory.hydrate(scope, 'harbor');
      return state.block;
    },
  },
  {
    name: 'remember an update, a delete and an add',
    kind: 'remember',
    run: (memory, scope, state) =>
      memory.remember(
        scope,
        anthropicReply([
          {
            op: 'update',
            ref: refOf(state.block, 'Works as a harbor ferry pilot'),
            text: 'Teaches sailing at the harbor',
          },
          { op: 'delete', ref: refOf(state.block, 'Bought a harbor boat named Gaivota') },
          { op: 'add', layer: 'episodic', text: 'Sold the harbor boat Gaivota', salience: 0.3 },
        ]),
        { provenance, refs: state.block?.refs ?? {} },
      ),
  },
  {
    name: 'hydrate at the end',
    kind: 'hydrate',
    run: (memory, scope) => memory.hydrate(scope, 'harbor'),
  },
];
