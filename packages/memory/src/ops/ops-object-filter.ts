import { isRecord } from '@symfonic/core';
import { FeedResult } from '@symfonic/provider-families';
import { JsonObjectReader } from './json-object-reader.js';

/** What one {@link OpsObjectFilter} withheld: the ops objects, in the order they came. */
export interface WithheldOps {
  /** Each ops object's text exactly as the model wrote it, without the fence or whitespace around it. */
  readonly objects: readonly string[];
  /** True when the answer ended inside an ops object (it never closed): the last entry is that prefix. */
  readonly truncated: boolean;
}

const backtick = 0x60;
const openBrace = 0x7b;
const lineFeed = 0x0a;
const fenceInfo = 'json';

const isWhitespace = (character: number) =>
  character === 0x20 || character === 0x09 || character === lineFeed || character === 0x0d;

type Mode =
  /** Ordinary text; a whitespace run is held (it may precede an ops object) until something follows it. */
  | 'prose'
  /** A fence opening at the start of a line: backticks, then the info string up to the newline. */
  | 'fence'
  /** After a ```` ```json ```` line, whitespace, waiting for what the fence holds. */
  | 'fence-body'
  /** Inside a JSON object, until it closes or turns out not to be one. */
  | 'object'
  /** After an ops object that sat in a fence: whitespace, then the closing backticks. */
  | 'fence-closing'
  /** After an ops object: whitespace, dropped, until what follows shows the object was not the answer's end. */
  | 'after-object';

/**
 * Whether a complete JSON object is an ops object: its own keys hold `ops`, and that value is a list.
 * `text` is valid JSON (the reader completed it), so the parse cannot fail.
 */
function isOpsObject(text: string): boolean {
  const value: unknown = JSON.parse(text);
  return isRecord(value) && Object.hasOwn(value, 'ops') && Array.isArray(value.ops);
}

/**
 * Separates an answer's memory-ops objects from the text the user reads, as the
 * text arrives in pieces (stream deltas) or at once. This is the one rule for
 * what counts as an ops object: `remember` reads a text's ops with it too
 * (see `readOpsObjects`), so what the user is not shown is exactly what is
 * written.
 *
 * **An ops object** is a complete JSON object (RFC 8259) whose own keys
 * include `ops` with a list as its value, at any key position
 * (`{"note": "x", "ops": [...]}` counts, `{"data": {"ops": [...]}}` does
 * not), standing in the text on its own: bare, anywhere in the prose, or
 * alone in a ```` ``` ```` or ```` ```json ```` fence that opens at the start
 * of a line. The text is read from left to right; a `{` starts an object
 * candidate that is read until it closes, or until a character no JSON object
 * can continue with, and the text is read on from that character (so a `{`
 * inside an object that turned out not to be JSON, or inside a JSON string,
 * never starts a candidate). An answer may carry any number of ops objects;
 * each is withheld, with the fence around it and the whitespace before it
 * (the answer's trailing whitespace).
 *
 * Everything else is released as soon as it cannot be part of one: a `{` is
 * held while what follows it can still be a JSON object (so a JSON object the
 * user asked for reaches them when it closes), a fence until its first line
 * and the first character it holds, a whitespace run until the next
 * character. Prose with braces and code blocks come through unchanged.
 *
 * An object that never closes before the answer ends (a truncated reply) is
 * withheld and reported as `truncated` when a key of its own was `ops` (it is
 * not JSON, so nothing of it is written); otherwise it is released.
 *
 * Linear: each character is read at most three times (see {@link readCount}), in
 * constant time, and held text is copied once, whatever the shape of the
 * text or the size of its deltas.
 */
export class OpsObjectFilter {
  #mode: Mode = 'prose';
  /** Whitespace held in `prose` from earlier deltas (it may precede an ops object). */
  #pending = '';
  /** The held text from earlier deltas, in the modes that hold text. */
  #held = '';
  /** The whitespace that stood before the held text (or before the last withheld object). */
  #spaceBefore = '';
  /** The fence line (and the whitespace after it) an object in a fence opened with. */
  #fencePrefix = '';
  /** True once the current line holds something other than whitespace. */
  #lineHasContent = false;
  #backticks = 0;
  #infoMatched = 0;
  #infoEnded = false;
  readonly #reader = new JsonObjectReader();
  /** True when the held text's last line holds something other than whitespace. */
  #holdLine = true;
  /** True when a line break stood between a fenced ops object and what followed it. */
  #closingNewline = false;
  #fenced = false;
  #reads = 0;
  readonly #objects: string[] = [];
  #truncated = false;

  /** The text that can be shown now, after `delta`; `''` when all of it is still held. */
  push(delta: string): string {
    const out: string[] = [];
    this.#feed(delta, out);
    return out.length === 1 ? (out[0] as string) : out.join('');
  }

  /** The answer is complete: the text still held that is not an ops object. */
  end(): string {
    let released = '';
    switch (this.#mode) {
      case 'prose':
        released = this.#pending;
        break;
      case 'fence':
      case 'fence-body':
        released = this.#spaceBefore + this.#held;
        break;
      case 'object':
        if (this.#reader.mayHaveOpsKey) {
          this.#objects.push(this.#held);
          this.#truncated = true;
        } else {
          released = this.#spaceBefore + this.#fencePrefix + this.#held;
        }
        break;
      case 'fence-closing':
        // The fence did not close after the object: it was not the object's fence (it closed a
        // code block of the answer), and the whitespace after it stood before the object.
        released = this.#spaceBefore + this.#fencePrefix.trimEnd();
        break;
      case 'after-object':
        break;
    }
    this.#mode = 'prose';
    this.#pending = '';
    this.#held = '';
    this.#spaceBefore = '';
    this.#fencePrefix = '';
    return released;
  }

  /** What was withheld so far (complete once {@link end} was called). */
  withheld(): WithheldOps {
    return { objects: [...this.#objects], truncated: this.#truncated };
  }

  /** True while the filter holds text back that a later delta or {@link end} may still release. */
  get holding(): boolean {
    return this.#mode !== 'prose' && this.#mode !== 'after-object' ? true : this.#pending !== '';
  }

  /**
   * How many times a character was read so far: at most three times the
   * length of everything pushed, whatever its shape (the filter's cost is linear).
   */
  get readCount(): number {
    return this.#reads;
  }

  #feed(text: string, out: string[]): void {
    /** Where the text of this delta not yet copied to `out` starts. */
    let releaseFrom = 0;
    /** Where the trailing whitespace run in `prose` starts; -1 when the last character was not whitespace. */
    let spaceFrom = -1;
    /** Where the held text of this delta starts (it follows `#held`): the fence, then the object. */
    let holdFrom = 0;
    /**
     * Where the hold began in this delta (its fence or its `{`), -1 when it began in an earlier
     * one; then `holdSpaceFrom` is where the whitespace before it began in this delta. While the
     * hold began here, nothing of it is copied: released, it is read on from `releaseFrom`.
     */
    let holdStart = -1;
    let holdSpaceFrom = -1;
    /** True when the held text's last line holds something other than whitespace. */
    let holdLine = this.#holdLine;
    const heldUpTo = (at: number) => this.#held + text.slice(holdFrom, at);
    const startHolding = (at: number) => {
      holdStart = at;
      holdSpaceFrom = spaceFrom >= 0 ? spaceFrom : at;
      this.#spaceBefore = this.#pending;
      this.#pending = '';
      this.#held = '';
      holdFrom = at;
      holdLine = true;
    };
    /** The hold is withheld or outlives the delta: copy the prose before it, keep its whitespace as text. */
    const settleHoldStart = () => {
      if (holdStart < 0) return;
      if (holdSpaceFrom > releaseFrom) out.push(text.slice(releaseFrom, holdSpaceFrom));
      this.#spaceBefore += text.slice(holdSpaceFrom, holdStart);
      holdStart = -1;
    };
    /** What was held is not an ops object: release it, and read on in prose from `at`. */
    const release = (at: number) => {
      if (holdStart >= 0) {
        // Whitespace from earlier deltas comes first; the rest is this delta's, read on as prose.
        if (this.#spaceBefore !== '') out.push(this.#spaceBefore);
      } else {
        out.push(this.#spaceBefore + this.#fencePrefix + heldUpTo(at));
        releaseFrom = at;
      }
      holdStart = -1;
      this.#lineHasContent = holdLine;
      this.#spaceBefore = '';
      this.#fencePrefix = '';
      this.#held = '';
      this.#mode = 'prose';
      spaceFrom = -1;
    };
    let at = 0;
    while (at < text.length) {
      const character = text.charCodeAt(at);
      this.#reads += 1;
      switch (this.#mode) {
        case 'prose':
          if (isWhitespace(character)) {
            if (spaceFrom < 0) spaceFrom = at;
            if (character === lineFeed) this.#lineHasContent = false;
          } else if (character === openBrace) {
            startHolding(at);
            this.#startObject(false);
          } else if (character === backtick && !this.#lineHasContent) {
            startHolding(at);
            this.#mode = 'fence';
            this.#backticks = 1;
            this.#infoMatched = 0;
            this.#infoEnded = false;
          } else {
            if (this.#pending !== '') {
              out.push(this.#pending);
              this.#pending = '';
            }
            spaceFrom = -1;
            this.#lineHasContent = true;
          }
          at += 1;
          break;
        case 'fence':
          if (this.#fence(character) === 'invalid') {
            release(at);
            continue;
          }
          if (character === lineFeed) holdLine = false;
          at += 1;
          break;
        case 'fence-body':
          if (isWhitespace(character)) {
            at += 1;
            break;
          }
          if (character !== openBrace) {
            release(at);
            continue;
          }
          this.#fencePrefix = heldUpTo(at);
          this.#held = '';
          holdFrom = at;
          holdLine = true;
          this.#startObject(true);
          at += 1;
          break;
        case 'object': {
          const reader = this.#reader;
          const verdict = reader.feed(character, at);
          if (verdict === FeedResult.dead) {
            release(at);
            continue;
          }
          if (character === lineFeed) holdLine = false;
          else if (!isWhitespace(character)) holdLine = true;
          at += 1;
          if (verdict === FeedResult.open) break;
          const opsValue = reader.opsValue;
          const object = opsValue === 'none' || opsValue === 'other' ? '' : heldUpTo(at);
          if (opsValue !== 'list' && !(opsValue === 'unknown' && isOpsObject(object))) {
            release(at);
            break;
          }
          settleHoldStart();
          this.#objects.push(object);
          this.#held = '';
          releaseFrom = at;
          spaceFrom = -1;
          if (this.#fenced) {
            this.#mode = 'fence-closing';
            this.#backticks = 0;
            this.#closingNewline = false;
          } else {
            this.#mode = 'after-object';
          }
          break;
        }
        case 'fence-closing':
          if (isWhitespace(character) && this.#backticks === 0) {
            if (character === lineFeed) this.#closingNewline = true;
            at += 1;
            break;
          }
          if (character === backtick) {
            this.#backticks += 1;
            at += 1;
            if (this.#backticks === 3) {
              // The fence held the object alone: all of it is markup.
              this.#fencePrefix = '';
              this.#mode = 'after-object';
            }
            break;
          }
          {
            // Something else follows the object in the fence: the fence was the user's, not the
            // object's. Its opening line is released, and what followed the object (whitespace,
            // dropped after an object but for where lines start, and backticks) is read again as
            // the text after it; the current character is then read in the mode that left.
            const fence = this.#spaceBefore + this.#fencePrefix;
            out.push(fence);
            this.#noteLine(fence);
            this.#fencePrefix = '';
            this.#spaceBefore = '';
            this.#mode = 'after-object';
            this.#feed(`${this.#closingNewline ? '\n' : ''}${'`'.repeat(this.#backticks)}`, out);
            releaseFrom = at;
            spaceFrom = -1;
            holdFrom = at;
            holdLine = this.#holdLine;
          }
          break;
        case 'after-object':
          if (isWhitespace(character)) {
            if (character === lineFeed) this.#lineHasContent = false;
            at += 1;
            break;
          }
          // Prose follows the object: the whitespace that stood before it separates the two.
          this.#mode = 'prose';
          this.#pending = this.#spaceBefore;
          this.#spaceBefore = '';
          releaseFrom = at;
          spaceFrom = -1;
          break;
      }
    }
    switch (this.#mode) {
      case 'prose': {
        const proseEnd = spaceFrom >= 0 ? spaceFrom : text.length;
        if (proseEnd > releaseFrom) out.push(text.slice(releaseFrom, proseEnd));
        if (spaceFrom >= 0) this.#pending += text.slice(spaceFrom);
        break;
      }
      case 'fence':
      case 'fence-body':
      case 'object':
        settleHoldStart();
        this.#held += text.slice(holdFrom);
        this.#holdLine = holdLine;
        break;
      default:
        break;
    }
  }

  #startObject(fenced: boolean): void {
    this.#mode = 'object';
    this.#fenced = fenced;
    this.#reader.reset();
  }

  /** Reads one character of a fence's first line; `invalid` when it cannot be an ops object's fence. */
  #fence(character: number): 'open' | 'invalid' {
    if (this.#backticks < 3) {
      if (character !== backtick) return 'invalid';
      this.#backticks += 1;
      return 'open';
    }
    if (character === lineFeed) {
      if (this.#infoMatched !== 0 && this.#infoMatched !== fenceInfo.length) return 'invalid';
      this.#mode = 'fence-body';
      return 'open';
    }
    if (character === 0x20 || character === 0x09 || character === 0x0d) {
      if (this.#infoMatched > 0) this.#infoEnded = true;
      return 'open';
    }
    if (
      this.#infoEnded ||
      this.#infoMatched === fenceInfo.length ||
      (character | 0x20) !== fenceInfo.charCodeAt(this.#infoMatched)
    ) {
      return 'invalid';
    }
    this.#infoMatched += 1;
    return 'open';
  }

  /** Notes whether the current line holds content after `released` was given out. */
  #noteLine(released: string): void {
    const lastLine = released.lastIndexOf('\n');
    const tail = released.slice(lastLine + 1);
    this.#lineHasContent = (lastLine < 0 && this.#lineHasContent) || /\S/.test(tail);
  }
}
