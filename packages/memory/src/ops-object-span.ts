import { jsonPayloadMatch } from '@symfonic/provider-families';

/** A slice of a text: `start` inclusive, `end` exclusive. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

function isSpace(character: string | undefined): boolean {
  return character === ' ' || character === '\t' || character === '\n' || character === '\r';
}

/** Where a code fence opening (```` ``` ```` and an optional language tag) ends right before `at`, if one does. */
function fenceOpeningBefore(text: string, at: number): number | undefined {
  let position = at;
  while (position > 0 && isSpace(text[position - 1])) position--;
  let tagStart = position;
  while (tagStart > 0 && /[A-Za-z0-9_-]/.test(text[tagStart - 1] as string)) tagStart--;
  const fenceStart = tagStart - 3;
  if (fenceStart < 0 || text.slice(fenceStart, tagStart) !== '```') return undefined;
  return fenceStart;
}

/** Where a code fence closing right after `at` ends, if one does. */
function fenceClosingAfter(text: string, at: number): number | undefined {
  let position = at;
  while (position < text.length && isSpace(text[position])) position++;
  return text.startsWith('```', position) ? position + 3 : undefined;
}

/**
 * The part of an answer text that carries the memory ops, as `remember` reads it: the first
 * JSON object of `text` (the one `jsonPayload` returns) when it holds an `ops` list, together
 * with the code fence around it (```` ```json … ``` ````) and the whitespace after it; when
 * nothing but whitespace follows, the whitespace before it too. What is left around the span is
 * the answer a person should see.
 *
 * Linear in `text`. Never throws.
 *
 * @returns `undefined` when the text carries no ops object (then nothing should be cut).
 */
export function opsObjectSpan(text: string): TextSpan | undefined {
  const match = jsonPayloadMatch(text);
  if (!match || !Array.isArray(match.value.ops)) return undefined;
  let start = match.start;
  let end = match.end;
  const fenceStart = fenceOpeningBefore(text, start);
  const fenceEnd = fenceStart === undefined ? undefined : fenceClosingAfter(text, end);
  if (fenceStart !== undefined && fenceEnd !== undefined) {
    start = fenceStart;
    end = fenceEnd;
  }
  while (end < text.length && isSpace(text[end])) end++;
  if (end === text.length) {
    while (start > 0 && isSpace(text[start - 1])) start--;
  }
  return { start, end };
}

/**
 * `text` with its ops object cut out (see {@link opsObjectSpan}): the answer a person should
 * see. A text without an ops object comes back unchanged.
 */
export function answerWithoutOps(text: string): string {
  const span = opsObjectSpan(text);
  return span ? text.slice(0, span.start) + text.slice(span.end) : text;
}
