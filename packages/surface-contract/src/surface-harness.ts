import type { MemoryLayer, MemoryScope } from '@symfonic/core';

/** One memory the suite writes with the store's own `apply` (as the app would) before a surface opens. */
export interface SeedMemory {
  readonly scope: MemoryScope;
  readonly layer: MemoryLayer;
  readonly text: string;
  readonly salience?: number;
}

/**
 * A row of another tenant that a broken backend answers. A surface given one
 * must build its store with {@link leakingStore} (or the same behaviour in its
 * own process), so every read of memories also answers this row.
 */
export interface ForeignRow {
  /** Where the row really lives: a scope the surface's owner cannot see. */
  readonly scope: MemoryScope;
  /** Its text; it must never reach a model or a client. */
  readonly text: string;
}

/** What the suite asks a harness to open. */
export interface SurfaceContext {
  /** Whose memory the surface serves and writes at: a user scope, `{ tenant, path: ["user:…"] }`. */
  readonly owner: MemoryScope;
  /** Memories to write before the surface opens (the store's own `apply`, at each memory's scope). */
  readonly seed: readonly SeedMemory[];
  /** When present, the store also answers this foreign row with every read of memories. */
  readonly leak?: ForeignRow;
  /** The memory instance's write policy; absent means the default (ancestors read-only). */
  readonly writes?: { readonly ancestors?: boolean };
  /** The most memories one read may show (the memory's `recall.limit`). */
  readonly recallLimit: number;
}

/** A model op as a model writes it: memories named by the refs a read showed. */
export type SurfaceOp =
  | { readonly op: 'add'; readonly layer: MemoryLayer; readonly text: string }
  | { readonly op: 'update'; readonly ref: string; readonly text: string }
  | { readonly op: 'delete'; readonly ref: string };

/** What the model (or the MCP client) was shown by one read. */
export interface SurfaceView {
  /**
   * Every string the model or client reads: each line of prompt text, each
   * string leaf of a structured result or resource, each error message.
   */
  readonly texts: readonly string[];
  /** Each ref the model may name, to the text it was shown under it. */
  readonly refs: Readonly<Record<string, string>>;
}

/** The fate of one op of a write, as the surface reports it. */
export type SurfaceOpResult =
  | { readonly status: 'applied' }
  | { readonly status: 'refused'; readonly code: string };

/**
 * One model call of an answer the hidden-ops case has the model give: its
 * text, in text blocks streamed as deltas, and whether it ends with a tool
 * call (`server`: a tool the surface runs, the loop goes on; `client`: a tool
 * the app runs, which ends the request).
 */
export interface SurfaceAnswerStep {
  readonly blocks: readonly (readonly string[])[];
  readonly tool?: 'server' | 'client';
}

/** One ops object the surface kept from the user, and what became of each of its ops. */
export interface WithheldObject {
  /** The object as the model wrote it. */
  readonly object: string;
  /** One entry per op of its `ops` list, in order; an op nobody accounted for is `refused` as `not-reported`. */
  readonly results: readonly SurfaceOpResult[];
}

/** What the user was shown of an answer, and what the surface withheld from it. */
export interface SurfaceAnswer {
  /** Every text the user was shown, all steps joined. */
  readonly shown: string;
  /** Every ops object withheld from the user, in order, across steps. */
  readonly withheld: readonly WithheldObject[];
}

/** What one write came to. */
export interface SurfaceWrite {
  /** One entry per op, in the order written. */
  readonly results: readonly SurfaceOpResult[];
  /** Every string the model or client reads in answer (see {@link SurfaceView.texts}). */
  readonly texts: readonly string[];
}

/**
 * One request through the surface: a model call (with its tool loop) of the
 * AI SDK, a model turn through the tool channel, a client session of the MCP
 * server. Its methods are called in order, `read` before `write`, and the
 * suite orders two requests' steps by awaiting them (barriers, never sleeps):
 * a harness must keep a request open between its steps.
 */
export interface SurfaceRequest {
  /** Hydrate or recall for `cue` and show it to the model or client. Rejects when the call fails. */
  read(cue: string): Promise<SurfaceView>;
  /** Have the model emit `ops` through the surface. Rejects when the call fails. */
  write(ops: readonly SurfaceOp[]): Promise<SurfaceWrite>;
  /**
   * Everything the model or client was shown in this request so far,
   * failed calls included (their error messages): the suite checks that no
   * foreign scope, id or text is among it.
   */
  seen(): readonly string[];
  /**
   * Have the model give `steps` as its answer, after `read` (only on a surface whose
   * capabilities say `opsInAnswerText`); the request has ended when it resolves.
   */
  answer?(steps: readonly SurfaceAnswerStep[]): Promise<SurfaceAnswer>;
  /** Finish the request (let the model call end); must tolerate a request that failed. */
  end(): Promise<void>;
}

/** A live memory as the app lists it from the store. */
export interface StoredMemory {
  readonly id: string;
  readonly layer: MemoryLayer;
  readonly text: string;
}

/** A surface opened over one store. */
export interface OpenSurface {
  /** Start a new request. */
  request(): SurfaceRequest;
  /**
   * The live memories visible to `scope`, as the app (not a model) lists
   * them from the store (without the leak). The suite calls it only once
   * every request has ended, and uses no request after it: a harness whose
   * store is held by another process may stop that process first.
   */
  stored(scope: MemoryScope): Promise<readonly StoredMemory[]>;
  /** Release the surface, its store and any process it started. */
  close(): Promise<void>;
}

/**
 * What a surface can do beyond the baseline. Flags switch cases on, never
 * off by name.
 */
export interface SurfaceCapabilities {
  /**
   * The app can opt a memory instance into model writes at ancestor scopes
   * (`createMemory({ writes: { ancestors: true } })`) for this surface. A
   * published program that builds its own memory (the MCP server) leaves it
   * off: its models never write above their user.
   */
  readonly ancestorWritesOptIn: boolean;
  /**
   * Two requests can be open at once on one opened surface (one middleware,
   * one HTTP server): the suite then checks that a ref names what its own
   * request showed. A surface of one session per process (MCP stdio) leaves
   * it off.
   */
  readonly concurrentRequests: boolean;
  /**
   * The model writes its ops as ops objects in its answer text, which the
   * surface keeps from the user (the AI SDK middleware): the suite checks
   * that every object withheld is written or refused with a reason, and that
   * the requests implement `answer`.
   */
  readonly opsInAnswerText: boolean;
}

/** Adapts one surface to the suite. */
export interface SurfaceHarness {
  /** The surface's name in the suite's titles, e.g. `ai-sdk middleware (stream)`. */
  readonly name: string;
  readonly capabilities: SurfaceCapabilities;
  /**
   * Open the surface over a fresh store: write `context.seed` with the
   * store's own `apply`, wrap the store with {@link leakingStore} when
   * `context.leak` is set, build the memory with `context.writes` and
   * `context.recallLimit`. Each call returns a surface independent of the
   * others.
   */
  open(context: SurfaceContext): Promise<OpenSurface>;
}
