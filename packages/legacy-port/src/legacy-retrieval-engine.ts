import type { LegacyEntry } from './legacy-entry.js';

/**
 * One page asked of a legacy engine: the rows ranked `offset` to
 * `offset + limit - 1` for `cue`, within the engine's own notion of `scope`.
 */
export interface LegacyRetrievalRequest<EngineScope, Embedder> {
  /** The text to search for. */
  readonly cue: string;
  /** What the port's `scopeOf` made of the asking scope. */
  readonly scope: EngineScope;
  /** How many rows this page asks for (at least 1). */
  readonly limit: number;
  /** How many ranked rows to skip; the port never asks for the same offset twice in one scan. */
  readonly offset: number;
  /** What embeds the cue for the vector half of the search; absent when the port has none. */
  readonly embedder?: Embedder;
}

/**
 * The structural shape of a retrieval engine the port can adapt: anything
 * with this `retrieve` method, no base class and no import of the engine's
 * SDK. `Row` is the engine's own row shape; rows that are not
 * {@link LegacyEntry} are bridged by the port's `mapRow` option.
 */
export interface LegacyRetrievalEngine<
  EngineScope = unknown,
  Embedder = unknown,
  Row = LegacyEntry,
> {
  /**
   * One ranked page of rows, best first. An answer shorter than `limit` tells
   * the port the engine has run dry.
   *
   * Throws whatever the engine throws; the port turns connection failures into
   * `MemoryUnavailable` and lets every other error through unchanged.
   */
  retrieve(request: LegacyRetrievalRequest<EngineScope, Embedder>): Promise<readonly Row[]>;
  /**
   * True when the engine embeds the cue with a model of its own (a LangChain
   * vector store does), so a missing port `embedder` costs it nothing and is
   * not reported as a degradation. Absent means false.
   */
  readonly embedsCue?: boolean;
}
