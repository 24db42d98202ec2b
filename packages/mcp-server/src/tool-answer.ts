import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { InvalidMemoryInput, MemoryUnavailable, ScopeViolation } from '@symfonic/core';
import { scopeViolationAnswer } from './scope-violation-fails-call.js';

/** Where the server writes its log lines: stderr, since stdout carries the protocol. */
export type LogLine = (line: string) => void;

/**
 * A successful tool answer: `text` for the model to read and the same facts
 * as `structuredContent` for programs (each tool declares its output schema).
 */
export function toolAnswer(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** A tool error: `isError` with one message for the model, which may correct its call. */
export function toolRefusal(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * The tool error for a failure thrown while serving `tool`, so the server
 * never crashes on one call: the store unreachable is "memory is
 * unavailable" (the next call tries again), bad input names its field, a
 * scope violation is logged as the security failure it is and fails the
 * request (see `failCallsOnScopeViolation`), naming nothing of the row, and
 * anything else is logged and answered as an internal error without its
 * details (which could hold stored text).
 */
export function toolFailure(tool: string, error: unknown, log: LogLine): CallToolResult {
  if (MemoryUnavailable.isInstance(error)) {
    log(`${tool}: memory unavailable: ${error.message}`);
    return toolRefusal(
      `memory is unavailable (${error.message}); nothing was changed. The server keeps running: try again shortly.`,
    );
  }
  if (InvalidMemoryInput.isInstance(error)) return toolRefusal(error.message);
  if (ScopeViolation.isInstance(error)) {
    log(`${tool}: SCOPE VIOLATION, refused: ${error.message}`);
    return scopeViolationAnswer();
  }
  log(`${tool}: internal error: ${error instanceof Error ? error.message : String(error)}`);
  return toolRefusal(`internal error in ${tool}; see the server log`);
}
