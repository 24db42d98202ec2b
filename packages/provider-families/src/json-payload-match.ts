import { firstObjectSpan } from './first-object-span.js';

/** The first JSON object of a text, parsed, and where it sits: `start` inclusive, `end` exclusive. */
export interface JsonPayloadMatch {
  readonly value: Record<string, unknown>;
  readonly start: number;
  readonly end: number;
}

/**
 * The object {@link jsonPayload} returns, with its place in `text`, so a caller can cut exactly
 * that object out of the text it shows (the same rule, the same linear scan).
 *
 * @returns `null` when `text` holds no valid JSON object. Never throws.
 */
export function jsonPayloadMatch(text: string): JsonPayloadMatch | null {
  const span = firstObjectSpan(text);
  if (!span) return null;
  const value = JSON.parse(text.slice(span.start, span.end)) as Record<string, unknown>;
  return { value, start: span.start, end: span.end };
}
