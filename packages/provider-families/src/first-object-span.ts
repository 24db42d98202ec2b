import { FeedResult } from './json-object-scanner.js';
import { ObjectCandidates } from './object-candidates.js';

const openBrace = 0x7b;

/** A slice of a text: `start` inclusive, `end` exclusive. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

function hasCandidateBefore(
  parses: readonly ObjectCandidates[],
  parseCount: number,
  start: number,
): boolean {
  for (let index = 0; index < parseCount; index++) {
    if ((parses[index] as ObjectCandidates).earliestStart < start) return true;
  }
  return false;
}

/**
 * The span of the first valid JSON object in `text`: the earliest `{` from which a complete JSON
 * object can be read, or `undefined` when none can.
 *
 * Linear time. Every `{` is a candidate start. A `{` read as a value by a live parse joins that
 * parse (nested candidates share one stack); any other `{` starts a new parse. A parse is either
 * inside a JSON string or outside one, every parse outside a string reads a `{` either as a value
 * or as an error, and a backslash outside a string is an error: so at most one parse is live in
 * each of the two states, and each character is read at most twice. The winner is known as soon
 * as a completed object has no live candidate starting before it.
 */
export function firstObjectSpan(text: string): Span | undefined {
  let found: Span | undefined;
  const onObject = (start: number, end: number): void => {
    if (!found || start < found.start) found = { start, end };
  };
  const parses: ObjectCandidates[] = [];
  let parseCount = 0;
  let position = text.indexOf('{');
  while (position >= 0 && position < text.length) {
    const character = text.charCodeAt(position);
    const isOpenBrace = character === openBrace;
    let joined = false;
    let spare: ObjectCandidates | undefined;
    let live = 0;
    for (let index = 0; index < parseCount; index++) {
      const parse = parses[index] as ObjectCandidates;
      const wasInString = isOpenBrace && parse.inString;
      if (parse.feed(character, position) !== FeedResult.open) {
        spare = parse;
        continue;
      }
      parses[live++] = parse;
      if (isOpenBrace && !wasInString && !parse.inString) joined = true;
    }
    parseCount = live;
    if (isOpenBrace && !joined && !found) {
      if (spare) spare.restart(position);
      parses[parseCount++] = spare ?? new ObjectCandidates(position, onObject);
    }
    if (found && !hasCandidateBefore(parses, parseCount, found.start)) return found;
    position = parseCount > 0 ? position + 1 : text.indexOf('{', position + 1);
  }
  return found;
}
