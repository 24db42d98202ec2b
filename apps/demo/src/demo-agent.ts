import type { MemoryScope } from '@symfonic/core';
import type { Memory, MemoryBlock, RememberOutcome } from '@symfonic/memory';
import { readReply } from '@symfonic/provider-families';

/** Anything that answers a prompt with a provider's reply object: the local model, or a real one. */
export interface ReplyingModel {
  /** The model's reply to `message`, given the system prompt (instructions + memory block). */
  reply(request: {
    readonly system: string;
    readonly memoryBlock: string;
    readonly message: string;
  }): Promise<unknown>;
}

/** Everything one turn did, for printing and for the end-of-run checks. */
export interface TurnRecord {
  readonly message: string;
  readonly block: MemoryBlock;
  readonly reply: unknown;
  readonly answer: string;
  readonly outcome: RememberOutcome;
}

/** Where one agent talks and remembers: turns are logged at `conversation`, memories written at `owner`. */
export interface AgentScopes {
  readonly conversation: MemoryScope;
  readonly owner: MemoryScope;
}

const fencedOps = /\n*```json\n[\s\S]*?\n```\s*$/;

/**
 * The memory loop of one agent, the way a team would wire it: log the user's
 * turn, hydrate the memory block, call the model with the instructions and the
 * block, remember what the reply says to remember, log the answer.
 */
export class DemoAgent {
  private turn = 0;

  constructor(
    private readonly memory: Memory,
    private readonly model: ReplyingModel,
    private readonly scopes: AgentScopes,
    private readonly speaker = 'user',
  ) {}

  /** One turn: `message` in, everything that happened out. */
  async say(message: string, turnId: string): Promise<TurnRecord> {
    const { conversation, owner } = this.scopes;
    await this.memory.record(conversation, {
      turnId,
      speaker: this.speaker,
      text: message,
      turn: this.nextTurn(),
    });
    const block = await this.memory.hydrate(conversation, message);
    const system = `${this.memory.instructions()}\n\n${block.text}`;
    const reply = await this.model.reply({ system, memoryBlock: block.text, message });
    const outcome = await this.memory.remember(owner, reply, {
      provenance: { writer: 'demo-agent', turnId },
      refs: block.refs,
    });
    const answer = readReply(reply).text.replace(fencedOps, '').trim();
    await this.memory.record(conversation, {
      turnId: `${turnId}:reply`,
      speaker: 'assistant',
      text: answer,
      turn: this.nextTurn(),
    });
    return { message, block, reply, answer, outcome };
  }

  private nextTurn(): number {
    this.turn += 1;
    return this.turn;
  }
}
