import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { MemoryStore } from '@symfonic/core';
import type { Memory } from '@symfonic/memory';
import { registerForgetAllTool } from './forget-all-tool.js';
import { registerForgetTool } from './forget-tool.js';
import { registerHistoryTool } from './history-tool.js';
import { registerInstructionsPrompt } from './instructions-prompt.js';
import { registerMemoriesResource } from './memories-resource.js';
import { type MemoryPrincipal, principalScopes } from './memory-principal.js';
import type { MemorySession } from './memory-session.js';
import { registerRecallTool } from './recall-tool.js';
import { registerRecordTurnTool } from './record-turn-tool.js';
import { registerRememberTool } from './remember-tool.js';
import { failCallsOnScopeViolation } from './scope-violation-fails-call.js';
import { SessionRefs } from './session-refs.js';
import type { LogLine } from './tool-answer.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** Options of {@link createMemoryServer}. */
export interface MemoryServerOptions {
  /** Where memories and turns are kept; shared by every session, never closed by the server. */
  readonly store: MemoryStore;
  /** The memory loop over `store` (its recall options decide what a recall may return). */
  readonly memory: Memory;
  /** Whose memory this session serves; fixed for the session. */
  readonly principal: MemoryPrincipal;
  /** Most memories one `memory_recall` returns: the memory's `recall.limit` (default 12). */
  readonly recallLimit?: number;
  /** Register `memory_forget_all` (erase the user's whole scope); default `false`. */
  readonly allowForgetAll?: boolean;
  /** Where log lines go; default stderr (stdout carries the protocol over stdio). */
  readonly log?: LogLine;
}

const serverInstructions = `Long-term memory for this user. Call memory_recall with the user's message before answering; after answering, call memory_remember with what is worth keeping (new facts, corrections) and nothing else. The prompt memory_instructions explains the block and the ops in full.`;

/**
 * One MCP server session over the memory of `principal`: the tools
 * `memory_recall`, `memory_remember`, `memory_history`, `memory_forget`,
 * `memory_record_turn` (and `memory_forget_all` when allowed), the resource
 * `symfonic://memories` and the prompt `memory_instructions`. No tool takes
 * a tenant or a user: the scope is the principal's. Connect it to one
 * transport; a server per session keeps each session's refs its own.
 *
 * @throws InvalidMemoryInput when the principal is malformed.
 */
export function createMemoryServer(options: MemoryServerOptions): McpServer {
  const log = options.log ?? ((line: string) => process.stderr.write(`symfonic-mcp: ${line}\n`));
  const server = new McpServer(
    { name: 'symfonic-memory', version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: serverInstructions,
    },
  );
  let lastTurn: string | undefined;
  const session: MemorySession = {
    store: options.store,
    memory: options.memory,
    scopes: principalScopes(options.principal),
    refs: new SessionRefs(),
    recallLimit: options.recallLimit ?? 12,
    log,
    writer() {
      const client = server.server.getClientVersion()?.name;
      return client && client.length <= 120 ? `mcp:${client}` : 'mcp';
    },
    lastTurnId: () => lastTurn,
    turnLogged(turnId) {
      lastTurn = turnId;
    },
  };
  registerRecallTool(server, session);
  registerRememberTool(server, session);
  registerHistoryTool(server, session);
  registerForgetTool(server, session);
  if (options.allowForgetAll) registerForgetAllTool(server, session);
  registerRecordTurnTool(server, session);
  registerMemoriesResource(server, session);
  registerInstructionsPrompt(server, session);
  failCallsOnScopeViolation(server);
  return server;
}
