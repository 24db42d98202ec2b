import { InvalidMemoryInput } from './errors/invalid-memory-input.js';
import { Limits } from './limits.js';
import { scopeSegmentSchema } from './memory-scope.js';
import { sha256Hex } from './sha256-hex.js';

/** What a segment's prefix may hold: a short ASCII name such as `user` or `conversation`. */
const prefixPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;

/** A lone surrogate: a UTF-16 half that is no character, so it has no UTF-8 form. */
const loneSurrogate = /\p{Cs}/u;

/** What starts the digest of a hashed segment; an escaped id never holds it (its `%` always starts two upper-case hex digits). */
const digestMarker = '%h';

const digestLength = 64;

/** Whether `character` may stand as itself in a segment: what the scope schema accepts, except the escape `%`. */
function standsAsItself(character: string): boolean {
  // After a letter, so that "." alone (refused as a whole segment) is judged as a character.
  return character !== '%' && scopeSegmentSchema.safeParse(`a${character}`).success;
}

/** `character` percent-encoded as UTF-8, upper-case hex, as `encodeURIComponent` does. */
function escapeCharacter(character: string): string {
  return Array.from(
    new TextEncoder().encode(character),
    (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
}

/** The id with every character the schema refuses, and `%`, percent-encoded: one entry per code point. */
function escapedCharacters(id: string): string[] {
  return Array.from(id, (character) =>
    standsAsItself(character) ? character : escapeCharacter(character),
  );
}

/** The code points of one entry of {@link escapedCharacters}: an escape is ASCII, anything else one character. */
function codePoints(part: string): number {
  return part.startsWith('%') ? part.length : 1;
}

function requirePrefix(prefix: unknown): string {
  if (typeof prefix !== 'string' || !prefixPattern.test(prefix)) {
    throw new InvalidMemoryInput(
      'invalid scope segment prefix: 1 to 32 ASCII letters, digits, "_", "." or "-", starting with a letter or digit',
    );
  }
  return prefix;
}

/**
 * A valid scope segment `prefix:…` for an id an application already has (a
 * user id, an OAuth subject such as `google-oauth2|1234`, an e-mail, a name
 * with emoji and joiners), distinct for distinct ids:
 *
 * - **Escaped** when it fits {@link Limits.segmentLength}: each character the
 *   scope schema refuses in a segment (`/`, control, format and
 *   line-separator characters such as the zero-width joiner), and `%`
 *   itself, is percent-encoded as UTF-8 with upper-case hex, exactly as
 *   `encodeURIComponent` would; every other character stays as it is
 *   (`user:google-oauth2%2F1234`). {@link readScopeSegment} gives the id back.
 * - **Hashed** when the escaped form is too long: as much of the escaped
 *   form as fits, then `%h` and the SHA-256 of the id's UTF-8 (64 hex
 *   digits). The id cannot be read back from it; two ids share one only if
 *   SHA-256 collides. An escaped form never holds `%h`, so the two forms
 *   never meet.
 *
 * Ids are taken exactly as given, never normalised: `é` composed and
 * decomposed are two ids and get two segments, as they would as keys.
 *
 * @param prefix what kind of id it is: 1 to 32 ASCII letters, digits, `_`, `.` or `-`.
 * @param id the raw id: any non-empty well-formed string, of any length.
 * @throws InvalidMemoryInput for an empty id (every user without an id would
 * share one scope), an id holding a lone surrogate (no character: it has no
 * UTF-8 form), a value that is not a string, or a malformed prefix.
 */
export function scopeSegment(prefix: string, id: string): string {
  const head = `${requirePrefix(prefix)}:`;
  if (typeof id !== 'string' || id.length === 0) {
    throw new InvalidMemoryInput(
      'invalid id for a scope segment: it is empty (every caller without an id would share one scope)',
    );
  }
  if (loneSurrogate.test(id)) {
    throw new InvalidMemoryInput(
      'invalid id for a scope segment: it holds a lone surrogate, which is no character',
    );
  }
  const escaped = escapedCharacters(id);
  const escapedLength = escaped.reduce((total, part) => total + codePoints(part), 0);
  if (head.length + escapedLength <= Limits.segmentLength) return head + escaped.join('');
  let room = Limits.segmentLength - head.length - digestMarker.length - digestLength;
  let kept = '';
  for (const part of escaped) {
    if (codePoints(part) > room) break;
    kept += part;
    room -= codePoints(part);
  }
  return `${head}${kept}${digestMarker}${sha256Hex(id)}`;
}

/** What {@link readScopeSegment} finds in a segment. */
export type ReadScopeSegment =
  /** An escaped segment: the id it was made from. */
  | { readonly prefix: string; readonly id: string }
  /** A hashed segment: the SHA-256 (hex) of the id's UTF-8; the id itself is not in it. */
  | { readonly prefix: string; readonly digest: string };

/**
 * Read back a segment {@link scopeSegment} made: its prefix and its id (an
 * escaped segment) or the id's digest (a hashed one).
 *
 * @throws InvalidMemoryInput when `segment` is not one `scopeSegment` could have made.
 */
export function readScopeSegment(segment: string): ReadScopeSegment {
  const refused = new InvalidMemoryInput(
    'invalid scope segment: it is not one scopeSegment made (prefix:escaped-id)',
  );
  if (typeof segment !== 'string' || !scopeSegmentSchema.safeParse(segment).success) throw refused;
  const colon = segment.indexOf(':');
  const prefix = segment.slice(0, colon);
  if (colon < 0 || !prefixPattern.test(prefix)) throw refused;
  const rest = segment.slice(colon + 1);
  const marker = rest.indexOf(digestMarker);
  if (marker >= 0) {
    const digest = rest.slice(marker + digestMarker.length);
    if (!/^[0-9a-f]{64}$/.test(digest)) throw refused;
    return { prefix, digest };
  }
  let id: string;
  try {
    id = decodeURIComponent(rest);
  } catch {
    throw refused;
  }
  // Only the canonical escape of an id is accepted, so one id never reads back from two segments.
  if (id.length === 0 || scopeSegment(prefix, id) !== segment) throw refused;
  return { prefix, id };
}
