import type { ProviderFamily } from './provider-family.js';
import type { ProviderReply } from './provider-reply.js';
import type { ToolCall } from './tool-call.js';

/**
 * Gathers one reply's answer text units, its tool calls and the names of the content kinds
 * skipped along the way, then builds the {@link ProviderReply}. Text units are joined with no
 * separator: citations split one Anthropic sentence over several text blocks, and a space would
 * corrupt it.
 */
export class ReplyCollector {
  readonly #texts: string[] = [];
  readonly #ignored = new Set<string>();
  readonly #toolCalls: ToolCall[] = [];

  /** Appends one answer text unit. */
  addText(text: string): void {
    this.#texts.push(text);
  }

  /** Names a skipped content kind; a name already given is not repeated. */
  ignore(kind: string): void {
    this.#ignored.add(kind);
  }

  /** Records one tool call, and names its kind as skipped (it is not answer text). */
  addToolCall(call: ToolCall): void {
    this.#toolCalls.push(call);
    this.ignore(call.kind);
  }

  /** The reply read so far, as `family`. */
  reply(family: Exclude<ProviderFamily, 'unknown'>): ProviderReply {
    return {
      family,
      text: this.#texts.join(''),
      ignored: [...this.#ignored],
      toolCalls: [...this.#toolCalls],
      readable: true,
    };
  }
}
