import { jsonPayloadMatch } from './json-payload-match.js';

/**
 * The first JSON object embedded in `text`: the earliest `{` from which a complete, valid JSON
 * object reads, parsed. Braces inside JSON strings do not count, prose and code fences around the
 * object are fine, and a `{` that starts no valid object is skipped (the scan goes on, including
 * into it: `{"note": {"a": 1} oops}` yields `{ a: 1 }`). Arrays and scalars are never returned:
 * a caller that asks a model for an object must not be handed `[1, 2]`.
 *
 * Runs in time linear in `text` (see `first-object-span.ts`), so a 1 MB adversarial reply
 * (`{` repeated, unbalanced quotes, deep nesting) cannot stall a turn. Never throws.
 *
 * @returns the object, or `null` when `text` holds no valid JSON object.
 */
export function jsonPayload(text: string): Record<string, unknown> | null {
  return jsonPayloadMatch(text)?.value ?? null;
}
