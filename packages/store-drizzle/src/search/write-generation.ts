/**
 * The writes of a store that is its database's only writer, as a cache of
 * what the store read sees them: a generation that moves on at the start
 * and at the end of every write, and the count of writes running. An answer
 * read in a generation is still what the database holds while the
 * generation has not moved and no write runs ({@link WriteGeneration.holds});
 * so an answer read while a write ran, or that a write overtook, is never
 * kept as current.
 */
export class WriteGeneration {
  #generation = 0;
  #writes = 0;

  /** The generation now: what a read starting now is read in. */
  get current(): number {
    return this.#generation;
  }

  /** Whether no write runs now. */
  get idle(): boolean {
    return this.#writes === 0;
  }

  /** Whether an answer read in `generation` still holds: no write started since, and none runs. */
  holds(generation: number): boolean {
    return generation === this.#generation && this.idle;
  }

  /** Start a write; answers the generation before it, which {@link WriteGeneration.end} takes. */
  begin(): number {
    const before = this.#generation;
    this.#writes += 1;
    this.#generation += 1;
    return before;
  }

  /**
   * End the write begun at generation `before` (what `begin` answered);
   * answers whether it ran alone: no other write started or ended while it ran.
   */
  end(before: number): boolean {
    this.#writes -= 1;
    this.#generation += 1;
    return this.#generation === before + 2;
  }

  /** Run `action` as a write, begun before it and ended after it, failed or not. */
  async run<Result>(action: () => Promise<Result>): Promise<Result> {
    const before = this.begin();
    try {
      return await action();
    } finally {
      this.end(before);
    }
  }
}
