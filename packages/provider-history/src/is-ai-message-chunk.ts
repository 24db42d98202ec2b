import { type AIMessageShape, isAIMessage } from './is-ai-message.js';

/**
 * True when `value` is an `AIMessageChunk` of `@langchain/core` 1.x, from any
 * copy of the package: an assistant message (see `isAIMessage`) that carries
 * `tool_call_chunks` and can `concat`. `AIMessageChunk.isInstance` walks the
 * prototype chain, so it answers false for a chunk built by the CJS build or
 * by a second install; this check does not.
 */
export function isAIMessageChunk(value: unknown): value is AIMessageShape {
  if (!isAIMessage(value)) return false;
  const candidate = value as { tool_call_chunks?: unknown; concat?: unknown };
  return Array.isArray(candidate.tool_call_chunks) && typeof candidate.concat === 'function';
}
