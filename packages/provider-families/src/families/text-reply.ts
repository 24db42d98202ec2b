import type { ProviderReply } from '../provider-reply.js';

/**
 * Reads a plain string reply: the string itself, verbatim (never trimmed, never unfenced).
 *
 * @returns `undefined` when `value` is not a primitive string (a `String` object is not one).
 */
export function readTextReply(value: unknown): ProviderReply | undefined {
  if (typeof value !== 'string') return undefined;
  return { family: 'text', text: value, ignored: [], toolCalls: [], readable: true };
}
