/** What one {@link OpsObjectFilter} withheld: the ops objects, in the order they came. */
export interface WithheldOps {
  /** Each ops object's text exactly as the model wrote it, without the fence or whitespace around it. */
  readonly objects: readonly string[];
  /** True when the answer ended inside an ops object (it never closed): the last entry is that prefix. */
  readonly truncated: boolean;
}

const opening = '{"ops":';
/** Positions in {@link opening} after which JSON allows whitespace: after `{` and after `"ops"`. */
const whitespaceAllowedAt: ReadonlySet<number> = new Set([1, 6]);
const fenceInfo = 'json';

const isWhitespace = (character: string) =>
  character === ' ' || character === '\t' || character === '\n' || character === '\r';

type Mode =
  /** Ordinary text; a whitespace run is held (it may precede an ops object) until something follows it. */
  | 'prose'
  /** `{` and what followed, while it may still open `{"ops":`. */
  | 'opening'
  /** Inside an object that opened with `{"ops":`, until its braces balance. */
  | 'object'
  /** A fence opening at the start of a line: backticks, then the info string up to the newline. */
  | 'fence'
  /** After a ```` ```json ```` line, whitespace, waiting for what the fence holds. */
  | 'fence-body'
  /** After an ops object that sat in a fence: whitespace, then the closing backticks. */
  | 'fence-closing'
  /** After an ops object: whitespace, held until what follows shows whether it is trailing. */
  | 'after-object';

/**
 * Separates an answer's memory-ops object from the text the user reads, as the
 * text arrives in pieces (stream deltas) or at once.
 *
 * The ops object is a JSON object whose first key is `"ops"` (`{"ops": …}`,
 * whitespace allowed where JSON allows it), wherever it stands in the answer,
 * bare or alone in a ```` ``` ```` or ```` ```json ```` fence. It is withheld
 * with the fence around it and the whitespace before it (the answer's
 * trailing whitespace); everything else is released as soon as it cannot be
 * part of one: a `{` is held only until the next characters show it does not
 * open `{"ops":`, a fence only until its first line and the first character
 * it holds, a whitespace run only until the next character. So prose with
 * braces, JSON the user asked for and code blocks come through unchanged, one
 * or two characters late at most, and never at the end of a delta that could
 * not hide an ops object.
 *
 * An object whose braces never balance before the answer ends (a truncated
 * reply) is withheld too, and reported as `truncated`.
 */
export class OpsObjectFilter {
  #mode: Mode = 'prose';
  /** Whitespace held in `prose` (or between an object and what follows it). */
  #pendingSpace = '';
  /** The text held by the current mode. */
  #held = '';
  /** The fence line (and the whitespace after it) an object in a fence opened with. */
  #fencePrefix = '';
  /** The whitespace that stood before the last withheld object, given back when prose follows it. */
  #spaceBeforeObject = '';
  /** True once the current line holds something other than whitespace. */
  #lineHasContent = false;
  #matched = 0;
  #depth = 0;
  #inString = false;
  #escaped = false;
  #fenced = false;
  readonly #objects: string[] = [];
  #truncated = false;

  /** The text that can be shown now, after `delta`; `''` when all of it is still held. */
  push(delta: string): string {
    let released = '';
    for (const character of delta) released += this.#step(character);
    return released;
  }

  /** The answer is complete: the text still held that is not an ops object. */
  end(): string {
    let released = '';
    switch (this.#mode) {
      case 'prose':
        released = this.#pendingSpace;
        break;
      case 'opening':
      case 'fence':
      case 'fence-body':
        released = this.#pendingSpace + this.#heldText();
        break;
      case 'object':
        this.#objects.push(this.#held);
        this.#truncated = true;
        if (this.#fenced) released = this.#spaceBeforeObject + this.#fencePrefix.trimEnd();
        break;
      case 'fence-closing':
        // The fence did not close after the object: it was not the object's fence (it closed a
        // code block of the answer), and the whitespace after it stood before the object.
        released = this.#spaceBeforeObject + this.#fencePrefix.trimEnd();
        break;
      case 'after-object':
        break;
    }
    this.#mode = 'prose';
    this.#pendingSpace = '';
    this.#held = '';
    this.#fencePrefix = '';
    return released;
  }

  /** What was withheld so far (complete once {@link end} was called). */
  withheld(): WithheldOps {
    return { objects: [...this.#objects], truncated: this.#truncated };
  }

  #step(character: string): string {
    switch (this.#mode) {
      case 'prose':
        return this.#prose(character);
      case 'opening':
        return this.#opening(character);
      case 'object':
        this.#object(character);
        return '';
      case 'fence':
        return this.#fence(character);
      case 'fence-body':
        return this.#fenceBody(character);
      case 'fence-closing':
        return this.#fenceClosing(character);
      case 'after-object':
        return this.#afterObject(character);
    }
  }

  #prose(character: string): string {
    if (isWhitespace(character)) {
      this.#pendingSpace += character;
      if (character === '\n') this.#lineHasContent = false;
      return '';
    }
    if (character === '{') {
      this.#startOpening(false);
      return '';
    }
    if (character === '`' && !this.#lineHasContent) {
      this.#mode = 'fence';
      this.#held = character;
      return '';
    }
    this.#lineHasContent = true;
    const released = this.#pendingSpace + character;
    this.#pendingSpace = '';
    return released;
  }

  #startOpening(fenced: boolean): void {
    this.#mode = 'opening';
    this.#fenced = fenced;
    this.#held = '{';
    this.#matched = 1;
  }

  #opening(character: string): string {
    if (whitespaceAllowedAt.has(this.#matched) && isWhitespace(character)) {
      this.#held += character;
      return '';
    }
    if (character !== opening[this.#matched]) return this.#giveUp(character);
    this.#held += character;
    this.#matched += 1;
    if (this.#matched === opening.length) {
      this.#mode = 'object';
      this.#depth = 1;
      this.#inString = false;
      this.#escaped = false;
      this.#spaceBeforeObject = this.#pendingSpace;
      this.#pendingSpace = '';
    }
    return '';
  }

  #object(character: string): void {
    this.#held += character;
    if (this.#inString) {
      if (this.#escaped) this.#escaped = false;
      else if (character === '\\') this.#escaped = true;
      else if (character === '"') this.#inString = false;
      return;
    }
    if (character === '"') this.#inString = true;
    else if (character === '{') this.#depth += 1;
    else if (character === '}') this.#depth -= 1;
    if (this.#depth > 0) return;
    this.#objects.push(this.#held);
    this.#held = '';
    this.#mode = this.#fenced ? 'fence-closing' : 'after-object';
  }

  #fence(character: string): string {
    const backticks = this.#held.match(/^`*/)?.[0].length ?? 0;
    if (backticks < 3) {
      if (character === '`') {
        this.#held += character;
        return '';
      }
      return this.#giveUp(character);
    }
    if (character === '\n') {
      const info = this.#held.slice(3).trim().toLowerCase();
      if (info !== '' && info !== fenceInfo) return this.#giveUp(character);
      this.#held += character;
      this.#mode = 'fence-body';
      return '';
    }
    const info = `${this.#held.slice(3)}${character}`.trimStart().toLowerCase();
    const stillPossible =
      character === ' ' ||
      character === '\t' ||
      character === '\r' ||
      (info.length <= fenceInfo.length && fenceInfo.startsWith(info));
    if (!stillPossible) return this.#giveUp(character);
    this.#held += character;
    return '';
  }

  #fenceBody(character: string): string {
    if (isWhitespace(character)) {
      this.#held += character;
      return '';
    }
    if (character !== '{') return this.#giveUp(character);
    this.#fencePrefix = this.#held;
    this.#startOpening(true);
    return '';
  }

  #fenceClosing(character: string): string {
    this.#held += character;
    const closing = this.#held.trimStart();
    if (closing === '') return '';
    if (/^`{1,3}$/.test(closing)) {
      if (closing === '```') {
        // The fence held the object alone: all of it is markup.
        this.#held = '';
        this.#fencePrefix = '';
        this.#mode = 'after-object';
      }
      return '';
    }
    // Something else follows the object in the fence: the fence was the user's, not the object's.
    const tail = this.#held;
    const released = this.#spaceBeforeObject + this.#fencePrefix;
    this.#held = '';
    this.#fencePrefix = '';
    this.#spaceBeforeObject = '';
    this.#mode = 'after-object';
    return released + this.push(tail);
  }

  #afterObject(character: string): string {
    if (isWhitespace(character)) {
      if (character === '\n') this.#lineHasContent = false;
      return '';
    }
    // Prose follows the object: the whitespace that stood before it separates the two.
    this.#mode = 'prose';
    this.#pendingSpace = this.#spaceBeforeObject;
    this.#spaceBeforeObject = '';
    return this.#prose(character);
  }

  /**
   * What was held turned out not to be an ops object: release it, and read the
   * character that showed it afresh (it may open an object or a fence itself).
   */
  #giveUp(character: string): string {
    const released = this.#pendingSpace + this.#heldText();
    this.#pendingSpace = '';
    this.#held = '';
    this.#fencePrefix = '';
    this.#mode = 'prose';
    const lastLineStart = released.lastIndexOf('\n') + 1;
    const lastLine = released.slice(lastLineStart);
    this.#lineHasContent = (lastLineStart === 0 && this.#lineHasContent) || /\S/.test(lastLine);
    return released + this.#prose(character);
  }

  /** The held text, with the fence line an object in a fence would have opened with. */
  #heldText(): string {
    return this.#mode === 'opening' && this.#fenced ? this.#fencePrefix + this.#held : this.#held;
  }
}
