import { type MessageContent, ToolMessage } from '@langchain/core/messages';
import { InvalidMemoryInput } from '@symfonic/core';
import { namesByCallId } from './names-by-call-id.js';
import type { ToolOutcome } from './tool-outcome.js';

/**
 * One `ToolMessage` per outcome, in outcome order: what the provider is
 * handed back for the tool calls of `reply`.
 *
 * - `content` is the outcome's `result`, or its `error` text when it has one;
 *   an empty string when it has neither.
 * - `tool_call_id` is the outcome's `id`.
 * - `name` is the tool name of `reply`'s call with that id, as LangGraph's
 *   `ToolNode` writes it (Gemini names its function response from it). It is
 *   absent when no call of `reply` has that id: the name is never guessed.
 * - `status` is `"error"` when the outcome has an error, `"success"` otherwise,
 *   so a failed or refused call stays a failure on the wire.
 *
 * `reply` is the reply as the history carries it (what `replayedReply`
 * returned), so its call ids are the outcomes' ids; anything without a
 * `tool_calls` array names nothing. Throws `InvalidMemoryInput`, before
 * building any message, when `outcomes` is not an array, or an outcome is not
 * an object with a non-empty string `id`, a string `error` (if any) and a
 * string or array `result` (if any).
 */
export function toolObservations(reply: unknown, outcomes: readonly ToolOutcome[]): ToolMessage[] {
  checkOutcomes(outcomes);
  const toolCalls =
    typeof reply === 'object' && reply !== null
      ? (reply as { tool_calls?: unknown }).tool_calls
      : [];
  const names = namesByCallId(Array.isArray(toolCalls) ? toolCalls : []);
  return outcomes.map((outcome) => {
    const failed = outcome.error !== undefined && outcome.error !== null;
    const name = names.get(outcome.id);
    return new ToolMessage({
      content: failed ? (outcome.error as string) : copyOfContent(outcome.result ?? ''),
      tool_call_id: outcome.id,
      status: failed ? 'error' : 'success',
      ...(name === undefined ? {} : { name }),
    });
  });
}

function copyOfContent(content: MessageContent): MessageContent {
  return typeof content === 'string' ? content : [...content];
}

function checkOutcomes(outcomes: readonly ToolOutcome[]): void {
  if (!Array.isArray(outcomes)) throw new InvalidMemoryInput('tool outcomes must be an array');
  outcomes.forEach((outcome: unknown, position) => {
    if (typeof outcome !== 'object' || outcome === null) {
      throw new InvalidMemoryInput(`the tool outcome at position ${position} is not an object`);
    }
    const { id, result, error } = outcome as { id?: unknown; result?: unknown; error?: unknown };
    if (typeof id !== 'string' || id === '') {
      throw new InvalidMemoryInput(`the tool outcome at position ${position} has no call id`);
    }
    if (error !== undefined && error !== null && typeof error !== 'string') {
      throw new InvalidMemoryInput(
        `the error of the tool outcome at position ${position} is not a string`,
      );
    }
    if (
      result !== undefined &&
      result !== null &&
      typeof result !== 'string' &&
      !Array.isArray(result)
    ) {
      throw new InvalidMemoryInput(
        `the result of the tool outcome at position ${position} is neither text nor content blocks`,
      );
    }
  });
}
