import type { MemoryBlock } from '@symfonic/memory';

/**
 * Which memory block each tool call was made under: the middleware notes
 * every tool call a model makes in a call it served, with that call's
 * block, so a tool resolves a ref against the block of the request that
 * made the call, never another request's. It keeps the latest `capacity`
 * calls (a tool runs right after its call is made); an older call's block
 * is gone, and its refs resolve to nothing (refused as `unknown-ref`).
 */
export class BlockByToolCall {
  readonly #blocks = new Map<string, MemoryBlock>();
  readonly #capacity: number;

  constructor(capacity = 1_024) {
    this.#capacity = capacity;
  }

  /** Note that the tool call `toolCallId` was made under `block`. */
  remember(toolCallId: string, block: MemoryBlock): void {
    this.#blocks.delete(toolCallId);
    this.#blocks.set(toolCallId, block);
    if (this.#blocks.size > this.#capacity) {
      const oldest = this.#blocks.keys().next().value;
      if (oldest !== undefined) this.#blocks.delete(oldest);
    }
  }

  /** The block the tool call `toolCallId` was made under, if this middleware served it. */
  blockOf(toolCallId: string): MemoryBlock | undefined {
    return this.#blocks.get(toolCallId);
  }
}
