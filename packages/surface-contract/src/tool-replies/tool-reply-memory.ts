import type {
  MemoryRecord,
  MemoryScope,
  MemoryStore,
  MemoryWriter,
  Provenance,
} from '@symfonic/core';

/** Where one op of a reply sat and what became of it, as `remember` reports it. */
export interface ToolReplyOpSource {
  readonly index: number;
  readonly channel: 'text' | 'tool-call';
  readonly position: number;
  readonly object?: number;
  readonly call?: number;
}

/**
 * The part of `@symfonic/memory`'s `RememberOutcome` the suite reads: a `RememberOutcome` is one.
 */
export interface ToolReplyOutcome {
  readonly answer: string;
  readonly applied: readonly (ToolReplyOpSource & {
    readonly op: 'add' | 'update' | 'delete';
    readonly ref?: string;
    readonly record: MemoryRecord;
  })[];
  readonly rejected: readonly (ToolReplyOpSource & {
    readonly code: string;
    readonly reason: string;
  })[];
  readonly toolCalls: readonly {
    readonly id: string | undefined;
    readonly name: string;
    readonly ops: number;
    readonly refused?: { readonly code: string; readonly reason: string };
  }[];
  readonly ignored: readonly string[];
  readonly unreadable?: { readonly code: string; readonly reason: string };
}

/** The part of `@symfonic/memory`'s `MemoryBlock` the suite reads. */
export interface ToolReplyBlock {
  readonly text: string;
  readonly refs: Readonly<Record<string, string>>;
  readonly recalled: readonly { readonly ref: string; readonly record: MemoryRecord }[];
}

/** The part of a `Memory` of `@symfonic/memory` the suite calls. */
export interface ToolReplyMemory {
  hydrate(scope: MemoryScope, cue: string): Promise<ToolReplyBlock>;
  remember(
    scope: MemoryScope,
    reply: unknown,
    options: {
      readonly provenance: Provenance;
      readonly refs?: Readonly<Record<string, string>>;
      readonly toolName?: string;
    },
  ): Promise<ToolReplyOutcome>;
  instructions(options: { readonly channel: 'tool-call' }): string;
}

/**
 * What of `@symfonic/memory` the suite runs: memory's own exports, handed in by the test that
 * runs the suite (`{ createMemory, toolResult, memoryToolDescription, shownText }`), because this
 * package may not depend on memory (memory's tests depend on it).
 */
export interface ToolReplyMemoryKit {
  createMemory(options: {
    readonly store: MemoryStore | { readonly apply: MemoryWriter['apply'] };
    readonly working?: { readonly recentTurns: number };
    readonly recall?: { readonly limit: number };
    readonly writes?: { readonly ancestors?: boolean };
  }): ToolReplyMemory;
  /** The tool results answering each memory tool call of `outcome`, in `family`'s shape. */
  toolResult(outcome: ToolReplyOutcome, family: string): readonly unknown[];
  /** The memory tool's description, as a model is shown it. */
  readonly memoryToolDescription: string;
  /** A memory's text as a model is shown it. */
  shownText(text: string): string;
}
