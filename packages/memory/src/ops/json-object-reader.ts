/** What {@link JsonObjectReader.feed} says about the character it was given. */
export type JsonObjectRead = 'open' | 'invalid' | 'complete';

/**
 * What the object's own `ops` key holds, as far as the reader can tell without parsing:
 * `list` or `other` (the last `ops` key counts, as in `JSON.parse`), `none` when no key of the
 * object itself is `ops`, `unknown` when one of its keys was written with an escape.
 */
export type OpsValue = 'list' | 'other' | 'none' | 'unknown';

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
  nine: 0x39,
  colon: 0x3a,
  upperE: 0x45,
  openBracket: 0x5b,
  backslash: 0x5c,
  closeBracket: 0x5d,
  lowerE: 0x65,
  lowerU: 0x75,
  openBrace: 0x7b,
  closeBrace: 0x7d,
} as const;

/** Where the reader is in the JSON grammar. */
const State = {
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

type State = (typeof State)[keyof typeof State];

const isObjectFrame = 0;
const isArrayFrame = 1;
/** Characters a JSON escape may name after `\` (other than `u`): `"` `\` `/` b f n r t. */
const simpleEscapes: ReadonlySet<number> = new Set([
  0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74,
]);
const opsKey = 'ops';

const isWhitespace = (character: number) =>
  character === code.space ||
  character === code.lineFeed ||
  character === code.carriageReturn ||
  character === code.tab;
const isDigit = (character: number) => character >= code.zero && character <= code.nine;
const isHexDigit = (character: number) => {
  const lower = character | 0x20;
  return isDigit(character) || (lower >= 0x61 && lower <= 0x66);
};

/**
 * Reads one JSON object (RFC 8259, the grammar `JSON.parse` accepts) one
 * UTF-16 code unit at a time, its opening `{` already read: each character is
 * read once, in constant time, so a text of any shape is read in linear time.
 * It answers `invalid` at the first character no JSON object can continue
 * with, and `complete` at the `}` that closes it.
 *
 * It also notes whether a key of the object itself (not of a nested value)
 * may be `"ops"`: a key spelled `ops`, or one written with an escape, which
 * only `JSON.parse` can spell out.
 */
export class JsonObjectReader {
  /** The open objects and arrays, outermost first; the first `#depth` count. */
  #frames = new Uint8Array(16);
  #depth = 1;
  #state: State = State.keyOrClose;
  #stringIsKey = false;
  #literal = '';
  #literalAt = 0;
  #hexLeft = 0;
  /** For a key of the object itself: how much of `ops` it spelled so far, `-1` once it cannot be `ops`. */
  #keyMatched = -1;
  #mayHaveOpsKey = false;
  #escapedKey = false;
  /** True right after the object's own key `ops` and its colon: the next value is its value. */
  #opsValueNext = false;
  #opsValue: 'list' | 'other' | 'none' = 'none';

  /** True once a key of the object itself was `ops`, or was written with an escape. */
  get mayHaveOpsKey(): boolean {
    return this.#mayHaveOpsKey;
  }

  /** What the object's own `ops` key holds (see {@link OpsValue}). */
  get opsValue(): OpsValue {
    return this.#escapedKey ? 'unknown' : this.#opsValue;
  }

  /** Starts over on a new object, its opening `{` read, reusing the storage. */
  reset(): void {
    this.#depth = 1;
    this.#state = State.keyOrClose;
    this.#stringIsKey = false;
    this.#keyMatched = -1;
    this.#mayHaveOpsKey = false;
    this.#escapedKey = false;
    this.#opsValueNext = false;
    this.#opsValue = 'none';
  }

  /** Reads the next UTF-16 code unit of the object. */
  feed(character: number): JsonObjectRead {
    switch (this.#state) {
      case State.string:
        return this.#string(character);
      case State.stringEscape:
        if (character === code.lowerU) {
          this.#hexLeft = 4;
          this.#state = State.stringUnicode;
          return 'open';
        }
        if (!simpleEscapes.has(character)) return 'invalid';
        this.#state = State.string;
        return 'open';
      case State.stringUnicode:
        if (!isHexDigit(character)) return 'invalid';
        this.#hexLeft -= 1;
        if (this.#hexLeft === 0) this.#state = State.string;
        return 'open';
      case State.literal:
        if (character !== this.#literal.charCodeAt(this.#literalAt)) return 'invalid';
        this.#literalAt += 1;
        if (this.#literalAt === this.#literal.length) this.#state = State.commaOrClose;
        return 'open';
      case State.numberMinus:
        if (character === code.zero) this.#state = State.numberZero;
        else if (isDigit(character)) this.#state = State.numberInteger;
        else return 'invalid';
        return 'open';
      case State.numberInteger:
        if (isDigit(character)) return 'open';
        return this.#afterInteger(character);
      case State.numberZero:
        return this.#afterInteger(character);
      case State.numberDot:
        if (!isDigit(character)) return 'invalid';
        this.#state = State.numberFraction;
        return 'open';
      case State.numberFraction:
        if (isDigit(character)) return 'open';
        return this.#afterFraction(character);
      case State.numberExponent:
        if (character === code.plus || character === code.minus) {
          this.#state = State.numberExponentSign;
          return 'open';
        }
        if (!isDigit(character)) return 'invalid';
        this.#state = State.numberExponentDigits;
        return 'open';
      case State.numberExponentSign:
        if (!isDigit(character)) return 'invalid';
        this.#state = State.numberExponentDigits;
        return 'open';
      case State.numberExponentDigits:
        if (isDigit(character)) return 'open';
        this.#state = State.commaOrClose;
        return this.#structural(character);
      default:
        return this.#structural(character);
    }
  }

  #string(character: number): JsonObjectRead {
    if (character === code.quote) {
      if (this.#stringIsKey && this.#keyMatched === opsKey.length) {
        this.#mayHaveOpsKey = true;
        this.#opsValueNext = true;
      }
      this.#state = this.#stringIsKey ? State.colon : State.commaOrClose;
      return 'open';
    }
    if (character < code.space) return 'invalid';
    if (character === code.backslash) {
      // An escaped key of the object itself may spell `ops`: only the parse can tell.
      if (this.#stringIsKey && this.#keyMatched >= 0) {
        this.#mayHaveOpsKey = true;
        this.#escapedKey = true;
      }
      this.#keyMatched = -1;
      this.#state = State.stringEscape;
      return 'open';
    }
    if (this.#keyMatched >= 0) {
      this.#keyMatched =
        this.#keyMatched < opsKey.length && character === opsKey.charCodeAt(this.#keyMatched)
          ? this.#keyMatched + 1
          : -1;
    }
    return 'open';
  }

  #afterInteger(character: number): JsonObjectRead {
    if (character === code.dot) {
      this.#state = State.numberDot;
      return 'open';
    }
    return this.#afterFraction(character);
  }

  #afterFraction(character: number): JsonObjectRead {
    if (character === code.lowerE || character === code.upperE) {
      this.#state = State.numberExponent;
      return 'open';
    }
    this.#state = State.commaOrClose;
    return this.#structural(character);
  }

  /** A character outside strings, numbers and literals. */
  #structural(character: number): JsonObjectRead {
    if (isWhitespace(character)) return 'open';
    switch (this.#state) {
      case State.keyOrClose:
        if (character === code.closeBrace) return this.#close();
        return this.#key(character);
      case State.key:
        return this.#key(character);
      case State.colon:
        if (character !== code.colon) return 'invalid';
        this.#state = State.value;
        return 'open';
      case State.valueOrClose:
        if (character === code.closeBracket) return this.#close();
        return this.#value(character);
      case State.value:
        return this.#value(character);
      default: {
        const inObject = this.#frames[this.#depth - 1] === isObjectFrame;
        if (character === code.comma) {
          this.#state = inObject ? State.key : State.value;
          return 'open';
        }
        if (character === (inObject ? code.closeBrace : code.closeBracket)) return this.#close();
        return 'invalid';
      }
    }
  }

  #key(character: number): JsonObjectRead {
    if (character !== code.quote) return 'invalid';
    this.#stringIsKey = true;
    this.#keyMatched = this.#depth === 1 ? 0 : -1;
    this.#state = State.string;
    return 'open';
  }

  #value(character: number): JsonObjectRead {
    this.#stringIsKey = false;
    this.#keyMatched = -1;
    if (this.#opsValueNext) {
      this.#opsValueNext = false;
      this.#opsValue = character === code.openBracket ? 'list' : 'other';
    }
    switch (character) {
      case code.openBrace:
        this.#push(isObjectFrame);
        this.#state = State.keyOrClose;
        return 'open';
      case code.openBracket:
        this.#push(isArrayFrame);
        this.#state = State.valueOrClose;
        return 'open';
      case code.quote:
        this.#state = State.string;
        return 'open';
      case code.minus:
        this.#state = State.numberMinus;
        return 'open';
      case code.zero:
        this.#state = State.numberZero;
        return 'open';
      case 0x74:
        return this.#startLiteral('true');
      case 0x66:
        return this.#startLiteral('false');
      case 0x6e:
        return this.#startLiteral('null');
      default:
        if (!isDigit(character)) return 'invalid';
        this.#state = State.numberInteger;
        return 'open';
    }
  }

  #startLiteral(literal: string): JsonObjectRead {
    this.#literal = literal;
    this.#literalAt = 1;
    this.#state = State.literal;
    return 'open';
  }

  #push(frame: number): void {
    if (this.#depth === this.#frames.length) {
      const grown = new Uint8Array(this.#frames.length * 2);
      grown.set(this.#frames);
      this.#frames = grown;
    }
    this.#frames[this.#depth++] = frame;
  }

  #close(): JsonObjectRead {
    this.#depth -= 1;
    if (this.#depth === 0) return 'complete';
    this.#state = State.commaOrClose;
    return 'open';
  }
}
