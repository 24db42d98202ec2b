import { AIMessage, type AIMessageChunk } from '@langchain/core/messages';
import { InvalidMemoryInput } from '@symfonic/core';
import { aiMessageFields } from './ai-message-fields.js';
import { isAIMessage } from './is-ai-message.js';
import { isAIMessageChunk } from './is-ai-message-chunk.js';
import { remapToolCallIds } from './remap-tool-call-ids.js';

/**
 * The assistant reply of one round as the next call's history carries it.
 *
 * - A streamed round (an `AIMessageChunk`, or the aggregate `concat` makes of
 *   several) becomes the `AIMessage` built from the same content, tool calls,
 *   invalid tool calls, usage, response metadata, additional kwargs, id and
 *   name: what LangChain's Python `message_chunk_to_message` does, which
 *   LangChain.js lacks.
 * - `callIds` are the caller's ids for the reply's tool calls, by position;
 *   the reply's ids are replaced wherever it carries them (`tool_calls`,
 *   tool-call content blocks, `additional_kwargs.tool_calls` and the like:
 *   see `remapToolCallIds`). `undefined` means a round that requested no tool:
 *   nothing is remapped.
 * - An `AIMessage` whose ids already match is returned as the same object:
 *   nothing is copied when nothing changes. Anything new is an `AIMessage` of
 *   the `@langchain/core` this package imports.
 *
 * Messages are recognised by shape, so a reply built by another copy of
 * `@langchain/core` (its CJS build, a nested install) works the same. The
 * provider's object is never mutated; the new message shares the values it
 * does not change.
 *
 * Returns `undefined` when `payload` is `undefined` or `null` (a round with no
 * reply) and `callIds` is absent or empty. Throws `InvalidMemoryInput` when
 * `payload` is anything else but an assistant message of `@langchain/core`,
 * when call ids are given for a missing reply, and on every refusal of
 * `remapToolCallIds` (a count mismatch above all): never a partial remap.
 */
export function replayedReply(
  payload: AIMessage | AIMessageChunk,
  callIds?: readonly string[],
): AIMessage;
export function replayedReply(payload: unknown, callIds?: readonly string[]): AIMessage | undefined;
export function replayedReply(
  payload: unknown,
  callIds?: readonly string[],
): AIMessage | undefined {
  if (payload === undefined || payload === null) {
    if (callIds !== undefined && callIds.length > 0) {
      throw new InvalidMemoryInput(
        `${callIds.length} call ids were given for a round with no reply`,
      );
    }
    return undefined;
  }
  if (!isAIMessage(payload)) {
    throw new InvalidMemoryInput(
      'the reply to replay is not an assistant message (AIMessage or AIMessageChunk) of @langchain/core',
    );
  }
  const remapped = callIds === undefined ? undefined : remapToolCallIds(payload, callIds);
  if (remapped !== undefined) return new AIMessage(remapped);
  if (isAIMessageChunk(payload)) return new AIMessage(aiMessageFields(payload));
  return payload as AIMessage;
}
