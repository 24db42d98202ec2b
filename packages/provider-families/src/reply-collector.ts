import type { ProviderFamily } from './provider-family.js';
import type { ProviderReply } from './provider-reply.js';

/**
 * Gathers one reply's answer text units and the names of the content kinds skipped along the
 * way, then builds the {@link ProviderReply}. Text units are joined with no separator: citations
 * split one Anthropic sentence over several text blocks, and a space would corrupt it.
 */
export class ReplyCollector {
  readonly #texts: string[] = [];
  readonly #ignored = new Set<string>();

  /** Appends one answer text unit. */
  addText(text: string): void {
    this.#texts.push(text);
  }

  /** Names a skipped content kind; a name already given is not repeated. */
  ignore(kind: string): void {
    this.#ignored.add(kind);
  }

  /** The reply read so far, as `family`. */
  reply(family: Exclude<ProviderFamily, 'unknown'>): ProviderReply {
    return { family, text: this.#texts.join(''), ignored: [...this.#ignored], readable: true };
  }
}
