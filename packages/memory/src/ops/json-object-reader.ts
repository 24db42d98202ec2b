import { JsonObjectScanner } from '@symfonic/provider-families';

/**
 * What the object's own `ops` key holds, as far as the reader can tell without parsing:
 * `list` or `other` (the last `ops` key counts, as in `JSON.parse`), `none` when no key of the
 * object itself is `ops`, `unknown` when one of its keys was written with an escape.
 */
export type OpsValue = 'list' | 'other' | 'none' | 'unknown';

const openBracket = 0x5b;
const opsKey = 'ops';

/**
 * Reads one JSON object with the provider families' {@link JsonObjectScanner} (the grammar
 * `jsonPayload` reads with: each character once, in constant time), its opening `{` already
 * read: {@link feed} answers `dead` at the first character no JSON object can continue with, and
 * `finished` at the `}` that closes it.
 *
 * It also notes whether a key of the object itself (not of a nested value) may be `"ops"`: a key
 * spelled `ops`, or one written with an escape, which only `JSON.parse` can spell out.
 */
export class JsonObjectReader extends JsonObjectScanner {
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
    this.#keyMatched = -1;
    this.#mayHaveOpsKey = false;
    this.#escapedKey = false;
    this.#opsValueNext = false;
    this.#opsValue = 'none';
    this.begin(0);
  }

  protected override keyStarted(depth: number): void {
    this.#keyMatched = depth === 1 ? 0 : -1;
  }

  protected override keyCharacter(character: number): void {
    if (this.#keyMatched >= 0) {
      this.#keyMatched =
        this.#keyMatched < opsKey.length && character === opsKey.charCodeAt(this.#keyMatched)
          ? this.#keyMatched + 1
          : -1;
    }
  }

  protected override keyEscaped(): void {
    // An escaped key of the object itself may spell `ops`: only the parse can tell.
    if (this.#keyMatched >= 0) {
      this.#mayHaveOpsKey = true;
      this.#escapedKey = true;
    }
    this.#keyMatched = -1;
  }

  protected override keyEnded(): void {
    if (this.#keyMatched === opsKey.length) {
      this.#mayHaveOpsKey = true;
      this.#opsValueNext = true;
    }
  }

  protected override valueStarted(character: number): void {
    this.#keyMatched = -1;
    if (this.#opsValueNext) {
      this.#opsValueNext = false;
      this.#opsValue = character === openBracket ? 'list' : 'other';
    }
  }
}
