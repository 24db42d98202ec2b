import { JsonObjectScanner } from './json-object-scanner.js';

/** Where {@link ObjectCandidates} reports a complete object: `start` inclusive, `end` exclusive. */
export type OnObject = (start: number, end: number) => void;

/**
 * An exact JSON validator run from one `{` and from every `{` nested in it as a value: they read
 * the same characters in the same grammar state, so one stack serves them all. Each candidate
 * remembers the stack depth it began at; when that frame closes, the candidate is a complete,
 * valid JSON object, and when the grammar rejects a character, every open candidate of this parse
 * is rejected at once (they share the top of the stack that rejected it).
 *
 * The grammar is {@link JsonObjectScanner}'s (RFC 8259's, which `JSON.parse` accepts exactly): a
 * candidate this parse completes parses, and one it rejects does not. A `{` read as a value opens
 * a new candidate (the caller need not start another parse for it); a closing `}` that completes
 * a candidate reports it through `onObject`.
 */
export class ObjectCandidates extends JsonObjectScanner {
  /** Start offsets of the open candidates, outermost first; the first `#candidateCount` count. */
  readonly #starts: number[] = [];
  /** The stack depth each open candidate began at, outermost (0) first. */
  readonly #depths: number[] = [];
  #candidateCount = 0;
  readonly #onObject: OnObject;

  /** A parse whose first candidate is the `{` at `start`, reporting complete ones to `onObject`. */
  constructor(start: number, onObject: OnObject) {
    super();
    this.#onObject = onObject;
    this.restart(start);
  }

  /**
   * Starts this parse over from the `{` at `start`, as a new one would, reusing its storage: a
   * run of `{` kills and restarts a parse at every character.
   */
  restart(start: number): void {
    this.#candidateCount = 0;
    this.begin(start);
  }

  /** The start offset of the outermost open candidate. */
  get earliestStart(): number {
    return this.#candidateCount > 0 ? (this.#starts[0] ?? 0) : Number.POSITIVE_INFINITY;
  }

  protected override openObject(position: number): void {
    this.#starts[this.#candidateCount] = position;
    this.#depths[this.#candidateCount] = this.depth;
    this.#candidateCount += 1;
    super.openObject(position);
  }

  protected override closed(depth: number, position: number): void {
    if (this.#candidateCount > 0 && this.#depths[this.#candidateCount - 1] === depth) {
      this.#candidateCount -= 1;
      this.#onObject(this.#starts[this.#candidateCount] ?? position, position + 1);
    }
  }
}
