/** What {@link ObjectCandidates.feed} tells the scan about the character it was given. */
export const FeedResult = {
  /** The character was consumed; candidates are still open. */
  open: 0,
  /** The character is invalid JSON here: no open candidate of this parse starts an object. */
  dead: 1,
  /** The character closed the outermost candidate: this parse has nothing left to do. */
  finished: 2,
} as const;

/** One of the values of {@link FeedResult}. */
export type FeedResult = (typeof FeedResult)[keyof typeof FeedResult];

const Frame = { object: 0, array: 1 } as const;

/** Where the parse is in the JSON grammar. */
const Mode = {
  keyOrClose: 0,
  key: 1,
  colon: 2,
  value: 3,
  valueOrClose: 4,
  commaOrClose: 5,
  string: 6,
  stringEscape: 7,
  stringUnicode: 8,
  literal: 9,
  numberMinus: 10,
  numberZero: 11,
  numberInteger: 12,
  numberDot: 13,
  numberFraction: 14,
  numberExponent: 15,
  numberExponentSign: 16,
  numberExponentDigits: 17,
} as const;

type Mode = (typeof Mode)[keyof typeof Mode];

const code = {
  tab: 0x09,
  lineFeed: 0x0a,
  carriageReturn: 0x0d,
  space: 0x20,
  quote: 0x22,
  plus: 0x2b,
  comma: 0x2c,
  minus: 0x2d,
  dot: 0x2e,
  zero: 0x30,
  one: 0x31,
  nine: 0x39,
  colon: 0x3a,
  upperE: 0x45,
  openBracket: 0x5b,
  backslash: 0x5c,
  closeBracket: 0x5d,
  lowerE: 0x65,
  lowerF: 0x66,
  lowerN: 0x6e,
  lowerT: 0x74,
  lowerU: 0x75,
  openBrace: 0x7b,
  closeBrace: 0x7d,
} as const;

/** Characters a JSON escape may name after `\` (other than `u`). */
const simpleEscapes = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

function isWhitespace(character: number): boolean {
  return (
    character === code.space ||
    character === code.lineFeed ||
    character === code.carriageReturn ||
    character === code.tab
  );
}

function isDigit(character: number): boolean {
  return character >= code.zero && character <= code.nine;
}

function isHexDigit(character: number): boolean {
  const lower = character | 0x20;
  return isDigit(character) || (lower >= 0x61 && lower <= 0x66);
}

/**
 * An exact JSON validator run from one `{` and from every `{` nested in it as a value: they read
 * the same characters in the same grammar state, so one stack serves them all. Each candidate
 * remembers the stack depth it began at; when that frame closes, the candidate is a complete,
 * valid JSON object, and when the grammar rejects a character, every open candidate of this parse
 * is rejected at once (they share the top of the stack that rejected it).
 *
 * The grammar is RFC 8259's, which `JSON.parse` accepts exactly: a candidate this parse completes
 * parses, and one it rejects does not.
 */
export class ObjectCandidates {
  /** Start offsets of the open candidates, outermost first; the first `#candidateCount` count. */
  readonly #starts: number[] = [];
  /** The stack depth each open candidate began at, outermost (0) first. */
  readonly #depths: number[] = [];
  #candidateCount = 0;
  /** The open objects and arrays, outermost first; the first `#depth` count. */
  #frames = new Uint8Array(64);
  #depth = 0;
  #mode: Mode = Mode.keyOrClose;
  #stringIsKey = false;
  #literal = '';
  #literalIndex = 0;
  #hexRemaining = 0;

  /** A parse whose first candidate is the `{` at `start`. */
  constructor(start: number) {
    this.#open(start);
  }

  /**
   * Starts this parse over from the `{` at `start`, as a new one would, reusing its storage: a
   * run of `{` kills and restarts a parse at every character.
   */
  restart(start: number): void {
    this.#candidateCount = 0;
    this.#depth = 0;
    this.#open(start);
  }

  /** The start offset of the outermost open candidate. */
  get earliestStart(): number {
    return this.#candidateCount > 0 ? (this.#starts[0] ?? 0) : Number.POSITIVE_INFINITY;
  }

  /** Whether the parse is inside a JSON string, where `{` is text, not structure. */
  get inString(): boolean {
    return (
      this.#mode === Mode.string ||
      this.#mode === Mode.stringEscape ||
      this.#mode === Mode.stringUnicode
    );
  }

  /**
   * Feeds the character at `position`. A `{` read as a value opens a new candidate here (the
   * caller need not start another parse for it); a closing `}` that completes a candidate reports
   * it through `onObject(start, end)`, `end` exclusive.
   */
  feed(
    character: number,
    position: number,
    onObject: (start: number, end: number) => void,
  ): FeedResult {
    switch (this.#mode) {
      case Mode.string:
        if (character === code.quote) {
          this.#mode = this.#stringIsKey ? Mode.colon : Mode.commaOrClose;
        } else if (character === code.backslash) {
          this.#mode = Mode.stringEscape;
        } else if (character < code.space) {
          return FeedResult.dead;
        }
        return FeedResult.open;
      case Mode.stringEscape:
        if (character === code.lowerU) {
          this.#hexRemaining = 4;
          this.#mode = Mode.stringUnicode;
          return FeedResult.open;
        }
        if (!simpleEscapes.has(character)) return FeedResult.dead;
        this.#mode = Mode.string;
        return FeedResult.open;
      case Mode.stringUnicode:
        if (!isHexDigit(character)) return FeedResult.dead;
        this.#hexRemaining -= 1;
        if (this.#hexRemaining === 0) this.#mode = Mode.string;
        return FeedResult.open;
      case Mode.literal:
        if (character !== this.#literal.charCodeAt(this.#literalIndex)) return FeedResult.dead;
        this.#literalIndex += 1;
        if (this.#literalIndex === this.#literal.length) this.#mode = Mode.commaOrClose;
        return FeedResult.open;
      case Mode.numberMinus:
        if (character === code.zero) this.#mode = Mode.numberZero;
        else if (isDigit(character)) this.#mode = Mode.numberInteger;
        else return FeedResult.dead;
        return FeedResult.open;
      case Mode.numberZero:
        return this.#afterInteger(character, position, onObject);
      case Mode.numberInteger:
        if (isDigit(character)) return FeedResult.open;
        return this.#afterInteger(character, position, onObject);
      case Mode.numberDot:
        if (!isDigit(character)) return FeedResult.dead;
        this.#mode = Mode.numberFraction;
        return FeedResult.open;
      case Mode.numberFraction:
        if (isDigit(character)) return FeedResult.open;
        return this.#afterFraction(character, position, onObject);
      case Mode.numberExponent:
        if (character === code.plus || character === code.minus) {
          this.#mode = Mode.numberExponentSign;
          return FeedResult.open;
        }
        if (!isDigit(character)) return FeedResult.dead;
        this.#mode = Mode.numberExponentDigits;
        return FeedResult.open;
      case Mode.numberExponentSign:
        if (!isDigit(character)) return FeedResult.dead;
        this.#mode = Mode.numberExponentDigits;
        return FeedResult.open;
      case Mode.numberExponentDigits:
        if (isDigit(character)) return FeedResult.open;
        this.#mode = Mode.commaOrClose;
        return this.#structural(character, position, onObject);
      default:
        return this.#structural(character, position, onObject);
    }
  }

  #afterInteger(
    character: number,
    position: number,
    onObject: (start: number, end: number) => void,
  ): FeedResult {
    if (character === code.dot) {
      this.#mode = Mode.numberDot;
      return FeedResult.open;
    }
    return this.#afterFraction(character, position, onObject);
  }

  #afterFraction(
    character: number,
    position: number,
    onObject: (start: number, end: number) => void,
  ): FeedResult {
    if (character === code.lowerE || character === code.upperE) {
      this.#mode = Mode.numberExponent;
      return FeedResult.open;
    }
    this.#mode = Mode.commaOrClose;
    return this.#structural(character, position, onObject);
  }

  /** A character outside strings, numbers and literals. */
  #structural(
    character: number,
    position: number,
    onObject: (start: number, end: number) => void,
  ): FeedResult {
    if (isWhitespace(character)) return FeedResult.open;
    const top = this.#frames[this.#depth - 1];
    switch (this.#mode) {
      case Mode.keyOrClose:
        if (character === code.closeBrace) return this.#close(position, onObject);
        return this.#key(character);
      case Mode.key:
        return this.#key(character);
      case Mode.colon:
        if (character !== code.colon) return FeedResult.dead;
        this.#mode = Mode.value;
        return FeedResult.open;
      case Mode.valueOrClose:
        if (character === code.closeBracket) return this.#close(position, onObject);
        return this.#value(character, position);
      case Mode.value:
        return this.#value(character, position);
      default:
        if (character === code.comma) {
          this.#mode = top === Frame.object ? Mode.key : Mode.value;
          return FeedResult.open;
        }
        if (character === (top === Frame.object ? code.closeBrace : code.closeBracket)) {
          return this.#close(position, onObject);
        }
        return FeedResult.dead;
    }
  }

  #key(character: number): FeedResult {
    if (character !== code.quote) return FeedResult.dead;
    this.#stringIsKey = true;
    this.#mode = Mode.string;
    return FeedResult.open;
  }

  #value(character: number, position: number): FeedResult {
    switch (character) {
      case code.openBrace:
        this.#open(position);
        return FeedResult.open;
      case code.openBracket:
        this.#push(Frame.array);
        this.#mode = Mode.valueOrClose;
        return FeedResult.open;
      case code.quote:
        this.#stringIsKey = false;
        this.#mode = Mode.string;
        return FeedResult.open;
      case code.minus:
        this.#mode = Mode.numberMinus;
        return FeedResult.open;
      case code.zero:
        this.#mode = Mode.numberZero;
        return FeedResult.open;
      case code.lowerT:
        return this.#startLiteral('true');
      case code.lowerF:
        return this.#startLiteral('false');
      case code.lowerN:
        return this.#startLiteral('null');
      default:
        if (character < code.one || character > code.nine) return FeedResult.dead;
        this.#mode = Mode.numberInteger;
        return FeedResult.open;
    }
  }

  #startLiteral(literal: string): FeedResult {
    this.#literal = literal;
    this.#literalIndex = 1;
    this.#mode = Mode.literal;
    return FeedResult.open;
  }

  #open(position: number): void {
    this.#starts[this.#candidateCount] = position;
    this.#depths[this.#candidateCount] = this.#depth;
    this.#candidateCount += 1;
    this.#push(Frame.object);
    this.#mode = Mode.keyOrClose;
  }

  #push(frame: number): void {
    if (this.#depth === this.#frames.length) {
      const grown = new Uint8Array(this.#frames.length * 2);
      grown.set(this.#frames);
      this.#frames = grown;
    }
    this.#frames[this.#depth++] = frame;
  }

  #close(position: number, onObject: (start: number, end: number) => void): FeedResult {
    const depth = --this.#depth;
    if (this.#candidateCount > 0 && this.#depths[this.#candidateCount - 1] === depth) {
      this.#candidateCount -= 1;
      onObject(this.#starts[this.#candidateCount] ?? position, position + 1);
    }
    if (depth === 0) return FeedResult.finished;
    this.#mode = Mode.commaOrClose;
    return FeedResult.open;
  }
}
