import type { ProviderFamily } from './provider-family.js';

/**
 * One model reply, read down to the text the model emitted as its answer.
 *
 * - `family`: the shape that was recognised, `'unknown'` when none was.
 * - `text`: the answer text units concatenated in order with no separator; `''` when the reply
 *   holds no answer text or was not recognised. Never trimmed or otherwise altered.
 * - `ignored`: the kinds of content that were skipped because they are not the answer (thinking,
 *   tool calls, refusals, images…), each named once in the provider's own spelling, in the order
 *   first met. Metadata (ids, usage, citations, annotations, safety ratings, signatures) is never
 *   named. Empty for an `unknown` reply.
 * - `readable`: whether the shape was recognised at all; `false` exactly when `family` is
 *   `'unknown'`. A readable reply with `text: ''` means the model answered nothing we can use,
 *   which is a different diagnosis from a reply nobody could read.
 */
export interface ProviderReply {
  readonly family: ProviderFamily;
  readonly text: string;
  readonly ignored: readonly string[];
  readonly readable: boolean;
}
