import type { AIMessageFields } from '@langchain/core/messages';
import { InvalidMemoryInput } from '@symfonic/core';
import { aiMessageFields } from './ai-message-fields.js';
import type { AIMessageShape } from './is-ai-message.js';
import { renameCallIdReferences } from './rename-call-id-references.js';

/**
 * The fields of `message` with its tool call ids replaced by `callIds`, by
 * position: the `n`th tool call gets `callIds[n]`, and every other place the
 * reply carries that call's old id (content blocks, `additional_kwargs`,
 * replayed response items; see `renameCallIdReferences`) gets it too.
 * `invalid_tool_calls` are not tool calls the caller ran, and keep their ids.
 *
 * Returns `undefined` when every tool call already has its id, so the caller
 * can keep the message it has. Throws `InvalidMemoryInput`, before anything
 * is built, when `callIds` is not an array of distinct non-empty strings, when
 * its length differs from the number of tool calls, when a tool call is not an
 * object, or when two tool calls share one id (a block carrying it could belong
 * to either, and the new ids differ). Never mutates `message`.
 */
export function remapToolCallIds(
  message: AIMessageShape,
  callIds: readonly string[],
): AIMessageFields | undefined {
  checkCallIds(callIds);
  const toolCalls: readonly unknown[] = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  if (callIds.length !== toolCalls.length) {
    throw new InvalidMemoryInput(
      `${callIds.length} call ids were given for a reply with ${toolCalls.length} tool calls`,
    );
  }
  const renames = new Map<string, string>();
  const positionsByOldId = new Map<string, number>();
  let changed = false;
  toolCalls.forEach((call, position) => {
    if (typeof call !== 'object' || call === null) {
      throw new InvalidMemoryInput(`the tool call at position ${position} is not an object`);
    }
    const newId = callIds[position] as string;
    const oldId = (call as { id?: unknown }).id;
    if (oldId !== newId) changed = true;
    if (typeof oldId !== 'string' || oldId === '') return;
    const earlier = positionsByOldId.get(oldId);
    if (earlier !== undefined) {
      throw new InvalidMemoryInput(
        `the tool calls at positions ${earlier} and ${position} share one id, so the blocks that carry it cannot be told apart`,
      );
    }
    positionsByOldId.set(oldId, position);
    if (oldId !== newId) renames.set(oldId, newId);
  });
  if (!changed) return undefined;
  const fields = aiMessageFields(message);
  const remappedCalls = toolCalls.map((call, position) => {
    const newId = callIds[position] as string;
    return (call as { id?: unknown }).id === newId ? call : { ...(call as object), id: newId };
  });
  return renameCallIdReferences(
    { ...fields, tool_calls: remappedCalls as AIMessageFields['tool_calls'] },
    renames,
  );
}

function checkCallIds(callIds: readonly string[]): void {
  if (!Array.isArray(callIds)) throw new InvalidMemoryInput('call ids must be an array of strings');
  const positions = new Map<string, number>();
  callIds.forEach((callId: unknown, position) => {
    if (typeof callId !== 'string' || callId === '') {
      throw new InvalidMemoryInput(`the call id at position ${position} is not a non-empty string`);
    }
    const earlier = positions.get(callId);
    if (earlier !== undefined) {
      throw new InvalidMemoryInput(
        `the call ids at positions ${earlier} and ${position} are the same: each call needs its own`,
      );
    }
    positions.set(callId, position);
  });
}
