import type { MessageContent } from '@langchain/core/messages';

/**
 * What running one requested tool call came to, as the caller reports it.
 * `id` is the call's id (the caller's id, after `replayedReply` remapped the
 * reply onto it). An `error` (even an empty one) makes the outcome a failure,
 * refused calls included; otherwise `result` is what the tool returned.
 */
export interface ToolOutcome {
  /** The id of the tool call this answers. */
  readonly id: string;
  /** What the tool returned: text, or content blocks. */
  readonly result?: MessageContent | null;
  /** Why the call failed or was refused. Present (not `null`) means failure. */
  readonly error?: string | null;
}
