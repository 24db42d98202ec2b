import { FeedResult, ObjectCandidates } from './object-candidates.js';

const openBrace = 0x7b;

/** A slice of a text: `start` inclusive, `end` exclusive. */
export interface Span {
  readonly start: number;
  readonly end: number;
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
  let parses: ObjectCandidates[] = [];
  let position = text.indexOf('{');
  while (position >= 0 && position < text.length) {
    const character = text.charCodeAt(position);
    let joined = false;
    const survivors: ObjectCandidates[] = [];
    for (const parse of parses) {
      const wasInString = parse.inString;
      const result = parse.feed(character, position, onObject);
      if (result !== FeedResult.open) continue;
      survivors.push(parse);
      if (character === openBrace && !wasInString && !parse.inString) joined = true;
    }
    parses = survivors;
    if (character === openBrace && !joined && !found) parses.push(new ObjectCandidates(position));
    if (found) {
      const foundStart = found.start;
      if (!parses.some((parse) => parse.earliestStart < foundStart)) return found;
    }
    position = parses.length > 0 ? position + 1 : text.indexOf('{', position + 1);
  }
  return found;
}
