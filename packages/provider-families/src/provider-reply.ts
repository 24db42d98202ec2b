import type { ProviderFamily } from './provider-family.js';
import type { ToolCall } from './tool-call.js';

/**
 * One model reply, read down to the text the model emitted as its answer and the tool calls it
 * made.
 *
 * - `family`: the shape that was recognised, `'unknown'` when none was.
 * - `text`: the answer text units concatenated in order with no separator; `''` when the reply
 *   holds no answer text or was not recognised. Never trimmed or otherwise altered.
 * - `ignored`: the kinds of content that were skipped because they are not the answer (thinking,
 *   tool calls, refusals, images…), each named once in the provider's own spelling, in the order
 *   first met. Tool calls are named here as before, and also returned in `toolCalls`. Metadata
 *   (ids, usage, citations, annotations, safety ratings, signatures) is never named. Empty for an
 *   `unknown` reply.
 * - `toolCalls`: every client tool call of the reply, in order (see {@link ToolCall}); `[]` when
 *   there is none or the reply was not recognised. Calls a provider ran itself (Anthropic
 *   `server_tool_use`, Responses `web_search_call`) are not client calls and are only named.
 * - `readable`: whether the shape was recognised at all; `false` exactly when `family` is
 *   `'unknown'`. A readable reply with `text: ''` means the model answered nothing we can use,
 *   which is a different diagnosis from a reply nobody could read.
 * - `oversized`: `true` only on an unreadable reply that was refused because one of its lists
 *   holds more than {@link maxReplyItems} entries; absent otherwise.
 */
export interface ProviderReply {
  readonly family: ProviderFamily;
  readonly text: string;
  readonly ignored: readonly string[];
  readonly toolCalls: readonly ToolCall[];
  readonly readable: boolean;
  readonly oversized?: true;
}
