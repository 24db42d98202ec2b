import type { ProviderReply } from './provider-reply.js';

/** The reply for a value whose shape is not recognised: no text, nothing ignored, unreadable. */
export function unknownReply(): ProviderReply {
  return { family: 'unknown', text: '', ignored: [], toolCalls: [], readable: false };
}

/** The reply for a value with a list longer than `maxReplyItems`: unreadable, and oversized. */
export function oversizedReply(): ProviderReply {
  return { ...unknownReply(), oversized: true };
}
