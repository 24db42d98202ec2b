import type { LanguageModelV3 } from '@ai-sdk/provider';
import { type MemoryReport, symfonicMemory } from '@symfonic/ai-sdk';
import type { MemoryScope } from '@symfonic/core';
import type { Memory, MemoryBlock, RememberOutcome } from '@symfonic/memory';
import { type LanguageModel, streamText, wrapLanguageModel } from 'ai';

/** Everything one turn did, for printing and for the end-of-run checks. */
export interface TurnRecord {
  readonly message: string;
  readonly block: MemoryBlock;
  /** The answer as the user saw it (the ops object withheld). */
  readonly answer: string;
  /** What `remember` did; absent when it could not run (see `report.degraded`). */
  readonly outcome?: RememberOutcome;
  /** Everything memory reported for the turn's final model call. */
  readonly report: MemoryReport;
}

/** Where one agent talks and remembers: turns are logged at `conversation`, memories written at `owner`. */
export interface AgentScopes {
  readonly conversation: MemoryScope;
  readonly owner: MemoryScope;
}

/**
 * The memory loop of one agent, the way a team using the Vercel AI SDK wires
 * it: the model wrapped once with the `@symfonic/ai-sdk` middleware, then
 * `streamText` per user message. The middleware logs the turn, hydrates the
 * block into the system prompt, withholds the ops object from the stream,
 * remembers it and logs the answer.
 */
export class DemoAgent {
  readonly #model: LanguageModel;
  #turnId = '';
  #reports: MemoryReport[] = [];

  constructor(memory: Memory, model: LanguageModelV3, scopes: AgentScopes) {
    this.#model = wrapLanguageModel({
      model,
      middleware: symfonicMemory({
        memory,
        ...scopes,
        writer: 'demo-agent',
        turnId: () => this.#turnId,
        onMemory: (report) => this.#reports.push(report),
      }),
    });
  }

  /** One turn: `message` in, the answer streamed to `onDelta` as it comes, everything that happened out. */
  async say(
    message: string,
    turnId: string,
    onDelta: (delta: string) => void = () => undefined,
  ): Promise<TurnRecord> {
    this.#turnId = turnId;
    this.#reports = [];
    const result = streamText({ model: this.#model, prompt: message });
    for await (const delta of result.textStream) onDelta(delta);
    const report = this.#reports.at(-1);
    if (!report?.block) throw new Error('the memory middleware reported no turn');
    return {
      message,
      block: report.block,
      answer: report.answer ?? (await result.text),
      ...(report.outcome ? { outcome: report.outcome } : {}),
      report,
    };
  }
}
