/** The figures the suite reports for one store. */
export interface FigureCounts {
  /** Attempts to make a row cross a tenant or scope boundary (one per probe and foreign row it could have answered). */
  attempts: number;
  /** Hostile inputs refused with a typed error (`InvalidMemoryInput`) or a rejection code. */
  refusals: number;
  /** Rows that crossed: answered to, or written into, a scope that cannot see them. Must stay 0. */
  rowsCrossed: number;
  /** Faults injected: failed store calls, killed transactions, failed embedder batches. */
  faultsInjected: number;
  /** Live memories sharing one normalised text in one scope and layer. Must stay 0. */
  duplicates: number;
  /** Writes reported applied and then missing (an add gone, an update absent from history). Must stay 0. */
  lostWrites: number;
  /** Injected text items rendered through `hydrate`, and forged lines found. */
  injectionItems: number;
  forgedLines: number;
  /** Generated cases run by the property tests. */
  fuzzRuns: number;
}

const labels: Readonly<Record<keyof FigureCounts, string>> = {
  attempts: 'isolation attempts',
  refusals: 'hostile inputs refused',
  rowsCrossed: 'rows crossed',
  faultsInjected: 'faults injected',
  duplicates: 'duplicates',
  lostWrites: 'lost writes',
  injectionItems: 'injected items rendered',
  forgedLines: 'forged lines',
  fuzzRuns: 'fuzz runs',
};

/**
 * A tally of what one test file's suites tried and found, printed once at
 * the end of the file (see {@link ReliabilityFigures.summary}).
 */
export class ReliabilityFigures {
  readonly #counts: FigureCounts = {
    attempts: 0,
    refusals: 0,
    rowsCrossed: 0,
    faultsInjected: 0,
    duplicates: 0,
    lostWrites: 0,
    injectionItems: 0,
    forgedLines: 0,
    fuzzRuns: 0,
  };

  /** Add `amount` (default 1) to one figure. */
  count(figure: keyof FigureCounts, amount = 1): void {
    this.#counts[figure] += amount;
  }

  /** The figures so far. */
  get counts(): Readonly<FigureCounts> {
    return { ...this.#counts };
  }

  /**
   * The figures as printed lines: a header naming `label`, then one
   * `figure: value` line each, in a fixed order.
   */
  summary(label: string): string {
    const lines = (Object.keys(labels) as (keyof FigureCounts)[]).map(
      (figure) => `  ${labels[figure]}: ${this.#counts[figure]}`,
    );
    return [`reliability figures, ${label}:`, ...lines].join('\n');
  }
}
