/** What {@link JsonObjectScanner.feed} says about the character it was given. */
export const FeedResult = {
  /** The character was consumed; the object is still open. */
  open: 0,
  /** The character is invalid JSON here: no JSON object can continue with it. */
  dead: 1,
  /** The character closed the outermost object. */
  finished: 2,
} as const;

/** One of the values of {@link FeedResult}. */
export type FeedResult = (typeof FeedResult)[keyof typeof FeedResult];

const Frame = { object: 0, array: 1 } as const;

/** Where the scan is in the JSON grammar. */
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

/** Characters a JSON escape may name after `\` (other than `u`): `"` `\` `/` b f n r t. */
const simpleEscapes: ReadonlySet<number> = new Set([
  0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74,
]);

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
 * Reads one JSON object (RFC 8259, the grammar `JSON.parse` accepts exactly) one UTF-16 code unit
 * at a time, from its opening `{`: each character is read once, in constant time, so a text of any
 * shape is read in linear time. {@link feed} answers `dead` at the first character no JSON object
 * can continue with, and `finished` at the `}` that closes the outermost object.
 *
 * What a reader needs beyond validity it learns through the protected hooks, each called at the
 * moment the grammar decides it (the defaults do nothing): an object opening as a value, a frame
 * closing, a key starting, each character of a key, an escape in a key, a key's closing quote, a
 * value starting. One grammar then serves every reader, so two readers cannot disagree on what is
 * JSON.
 */
export class JsonObjectScanner {
  /** The open objects and arrays, outermost first; the first `#depth` count. */
  #frames = new Uint8Array(16);
  #depth = 0;
  #mode: Mode = Mode.keyOrClose;
  #stringIsKey = false;
  #literal = '';
  #literalIndex = 0;
  #hexRemaining = 0;

  /** How many objects and arrays are open, the outermost object counted as 1. */
  protected get depth(): number {
    return this.#depth;
  }

  /** Whether the scan is inside a JSON string, where `{` is text, not structure. */
  get inString(): boolean {
    return (
      this.#mode === Mode.string ||
      this.#mode === Mode.stringEscape ||
      this.#mode === Mode.stringUnicode
    );
  }

  /** Starts over on a new object whose opening `{` is at `position`, reusing the storage. */
  protected begin(position: number): void {
    this.#depth = 0;
    this.#stringIsKey = false;
    this.openObject(position);
  }

  /**
   * An object opens at `position`: the outermost one from {@link begin}, or one read as a value.
   * An override must call `super.openObject(position)`.
   */
  protected openObject(_position: number): void {
    this.#push(Frame.object);
    this.#mode = Mode.keyOrClose;
  }

  /** An object or array closed at `position`; `depth` frames are still open. */
  protected closed(_depth: number, _position: number): void {}

  /** A key's opening quote was read; `depth` is the depth of the object it belongs to. */
  protected keyStarted(_depth: number): void {}

  /** A character of a key, outside escapes, was read. */
  protected keyCharacter(_character: number): void {}

  /** A `\` was read in a key: only a parse can spell the key out. */
  protected keyEscaped(): void {}

  /** A key's closing quote was read. */
  protected keyEnded(): void {}

  /** The first character of a value was read (before it is checked). */
  protected valueStarted(_character: number): void {}

  /** Reads the character at `position` (the offset {@link openObject} and {@link closed} are told). */
  feed(character: number, position: number): FeedResult {
    switch (this.#mode) {
      case Mode.string:
        if (character === code.quote) {
          if (this.#stringIsKey) {
            this.keyEnded();
            this.#mode = Mode.colon;
          } else {
            this.#mode = Mode.commaOrClose;
          }
        } else if (character < code.space) {
          return FeedResult.dead;
        } else if (character === code.backslash) {
          if (this.#stringIsKey) this.keyEscaped();
          this.#mode = Mode.stringEscape;
        } else if (this.#stringIsKey) {
          this.keyCharacter(character);
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
        return this.#afterInteger(character, position);
      case Mode.numberInteger:
        if (isDigit(character)) return FeedResult.open;
        return this.#afterInteger(character, position);
      case Mode.numberDot:
        if (!isDigit(character)) return FeedResult.dead;
        this.#mode = Mode.numberFraction;
        return FeedResult.open;
      case Mode.numberFraction:
        if (isDigit(character)) return FeedResult.open;
        return this.#afterFraction(character, position);
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
        return this.#structural(character, position);
      default:
        return this.#structural(character, position);
    }
  }

  #afterInteger(character: number, position: number): FeedResult {
    if (character === code.dot) {
      this.#mode = Mode.numberDot;
      return FeedResult.open;
    }
    return this.#afterFraction(character, position);
  }

  #afterFraction(character: number, position: number): FeedResult {
    if (character === code.lowerE || character === code.upperE) {
      this.#mode = Mode.numberExponent;
      return FeedResult.open;
    }
    this.#mode = Mode.commaOrClose;
    return this.#structural(character, position);
  }

  /** A character outside strings, numbers and literals. */
  #structural(character: number, position: number): FeedResult {
    if (isWhitespace(character)) return FeedResult.open;
    switch (this.#mode) {
      case Mode.keyOrClose:
        if (character === code.closeBrace) return this.#close(position);
        return this.#key(character);
      case Mode.key:
        return this.#key(character);
      case Mode.colon:
        if (character !== code.colon) return FeedResult.dead;
        this.#mode = Mode.value;
        return FeedResult.open;
      case Mode.valueOrClose:
        if (character === code.closeBracket) return this.#close(position);
        return this.#value(character, position);
      case Mode.value:
        return this.#value(character, position);
      default: {
        const inObject = this.#frames[this.#depth - 1] === Frame.object;
        if (character === code.comma) {
          this.#mode = inObject ? Mode.key : Mode.value;
          return FeedResult.open;
        }
        if (character === (inObject ? code.closeBrace : code.closeBracket)) {
          return this.#close(position);
        }
        return FeedResult.dead;
      }
    }
  }

  #key(character: number): FeedResult {
    if (character !== code.quote) return FeedResult.dead;
    this.#stringIsKey = true;
    this.keyStarted(this.#depth);
    this.#mode = Mode.string;
    return FeedResult.open;
  }

  #value(character: number, position: number): FeedResult {
    this.#stringIsKey = false;
    this.valueStarted(character);
    switch (character) {
      case code.openBrace:
        this.openObject(position);
        return FeedResult.open;
      case code.openBracket:
        this.#push(Frame.array);
        this.#mode = Mode.valueOrClose;
        return FeedResult.open;
      case code.quote:
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

  #push(frame: number): void {
    if (this.#depth === this.#frames.length) {
      const grown = new Uint8Array(this.#frames.length * 2);
      grown.set(this.#frames);
      this.#frames = grown;
    }
    this.#frames[this.#depth++] = frame;
  }

  #close(position: number): FeedResult {
    const depth = --this.#depth;
    this.closed(depth, position);
    if (depth === 0) return FeedResult.finished;
    this.#mode = Mode.commaOrClose;
    return FeedResult.open;
  }
}
