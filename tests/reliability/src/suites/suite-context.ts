import type { ReliabilityFigures } from '../harness/reliability-figures.js';
import type { StoreUnderTest } from '../harness/store-under-test.js';

/** How hard the suites push one store, chosen by its test file. */
export interface SuiteSettings {
  /** How many nearest look-alike scopes each scope attacks by id; every scope when absent. */
  readonly isolationNeighbours?: number;
  /** Runs per property of the generated-ops suite, unless `SYMFONIC_FUZZ_RUNS` says otherwise. */
  readonly fuzzRuns: number;
  /** Whether the store embeds the texts it writes (an embedder, and vectors in the backend). */
  readonly embedsWrites: boolean;
  /**
   * Whether to run the attack against each deliberately broken double of
   * this store. Each double answers a read by querying every scope it knows,
   * so over a SQL engine one run takes a minute: the files of the in-process
   * store run them.
   */
  readonly brokenDoubles: boolean;
  /**
   * Whether the store refuses text that begins with U+FEFF (the Drizzle
   * store does, on every driver: PGlite's driver drops it on read).
   */
  readonly refusesLeadingByteOrderMark: boolean;
}

/** What every suite of this package is given: the store of the file and the figures it adds to. */
export interface SuiteContext {
  /** The store's name, as in test titles. */
  readonly name: string;
  /** The store under test (opened in the file's `beforeAll`, reset before each test). */
  underTest(): StoreUnderTest;
  readonly figures: ReliabilityFigures;
  readonly settings: SuiteSettings;
}
