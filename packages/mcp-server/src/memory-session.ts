import type { ServerContext } from '@modelcontextprotocol/server';
import type { MemoryStore } from '@symfonic/core';
import type { Memory } from '@symfonic/memory';
import type { PrincipalScopes } from './memory-principal.js';
import type { MemoryRefs } from './memory-refs.js';
import type { LogLine } from './tool-answer.js';

/** What every tool of one MCP session works with; one per session, never shared between sessions. */
export interface MemorySession {
  readonly store: MemoryStore;
  readonly memory: Memory;
  /** The session's scopes, fixed when the session starts. */
  readonly scopes: PrincipalScopes;
  /** The refs of the session's latest recall. */
  readonly refs: MemoryRefs;
  /** Most memories one recall may return (the tool's `limit` is at most this). */
  readonly recallLimit: number;
  readonly log: LogLine;
  /**
   * The provenance writer of a write: `mcp:<client name>`, or `mcp`. The
   * name is the one the request's envelope carries (2026-07-28), else the
   * one the client gave at initialization (2025).
   */
  writer(context?: ServerContext): string;
  /** The id of the turn this session logged last, if any: the provenance of its next writes. */
  lastTurnId(): string | undefined;
  /** Note the turn this session just logged. */
  turnLogged(turnId: string): void;
}
