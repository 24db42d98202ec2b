/**
 * Which workspace packages each package may import, as docs/architecture.md states them. A test
 * file may also import the stores and the contract suites (tests compose), its fixtures and
 * helpers the contract suites, and an app (`apps/bench` holds the benchmarks that compose) may
 * import anything. `@symfonic/open-store` is the one package that
 * composes stores (it opens whichever a target names); the published programs
 * `@symfonic/mcp-server` and `@symfonic/cli` compose like apps, but open their
 * store only through it. Packages not listed here may import only core.
 */
export const allowedWorkspaceImports: Readonly<Record<string, readonly string[]>> = {
  '@symfonic/core': [],
  '@symfonic/memory': ['@symfonic/core', '@symfonic/provider-families'],
  // Opens a store from a target: the one place a library package chooses a store.
  '@symfonic/open-store': [
    '@symfonic/core',
    '@symfonic/memory',
    '@symfonic/store-drizzle',
    '@symfonic/store-memory',
  ],
  '@symfonic/mcp-server': [
    '@symfonic/core',
    '@symfonic/memory',
    '@symfonic/store-drizzle',
    '@symfonic/open-store',
  ],
  '@symfonic/cli': ['@symfonic/core', '@symfonic/memory', '@symfonic/open-store', '@symfonic/dump'],
  // An integration adapter builds on the memory capability.
  '@symfonic/ai-sdk': ['@symfonic/core', '@symfonic/memory', '@symfonic/provider-families'],
  '@symfonic/langchain': ['@symfonic/core', '@symfonic/memory', '@symfonic/provider-families'],
  // The tool-reply suite runs memory's writes over the in-memory store and reads replies with
  // the provider reader; memory itself is handed in by the test that runs it (memory's tests
  // import this package, so it may not import memory). Its `stores` entry opens the stores the
  // tests of memory and its surfaces run on, the one place their fixtures get a store from.
  '@symfonic/surface-contract': [
    '@symfonic/core',
    '@symfonic/provider-families',
    '@symfonic/store-drizzle',
    '@symfonic/store-memory',
  ],
  // Runs the @symfonic/ai-sdk suite against AI SDK 7.
  '@symfonic/ai-sdk-v7': ['@symfonic/core', '@symfonic/memory', '@symfonic/ai-sdk'],
};

/**
 * Packages that a test file, fixture (`__fixtures__/`), unpublished testing helper or
 * benchmark in any package may import, on top of its package's own allowance: the two contract
 * suites (stores run `@symfonic/store-contract`; every surface a model or client reaches memory
 * through runs `@symfonic/surface-contract`) and test plumbing.
 */
export const testOnlyWorkspaceImports: readonly string[] = [
  '@symfonic/store-contract',
  '@symfonic/surface-contract',
  '@symfonic/test-support',
  '@symfonic/provider-families',
  '@symfonic/legacy-port',
  // The dump round trip is checked against every store, from the stores' own suites.
  '@symfonic/dump',
];

/**
 * The stores, which a package not allowed them opens only in a test file (`*.test.ts`): its
 * fixtures and helpers take a store from the test or from `@symfonic/surface-contract/stores`,
 * and a benchmark that opens one lives in `apps/bench`, so the package's non-test source shows
 * only the imports its users run.
 */
export const testFileStoreImports: readonly string[] = [
  '@symfonic/store-memory',
  '@symfonic/store-drizzle',
];

/** The only external module core may import: it depends on zod alone. */
export const coreExternalImports: readonly string[] = ['zod'];

/**
 * Frameworks whose every import lives in one integration package, so that an
 * upgrade of the framework touches one package: `langchain` and
 * `@langchain/langgraph` live in `@symfonic/langchain` (`@symfonic/provider-history`
 * keeps its `@langchain/core` peer, which is not listed). Apps may import them.
 */
export const frameworkHomes: Readonly<Record<string, string>> = {
  langchain: '@symfonic/langchain',
  '@langchain/langgraph': '@symfonic/langchain',
};

/**
 * External modules a package never imports, not even from its tests or fixtures, nor lists in
 * any field of its package.json: `@symfonic/memory` leaves everything that touches the AI SDK
 * to `@symfonic/ai-sdk`, so memory installs, builds and tests without it.
 */
export const excludedImports: Readonly<Record<string, readonly string[]>> = {
  '@symfonic/memory': ['ai', '@ai-sdk/provider'],
};

/** An entry point kept for one release after what it exported moved to another package. */
export interface DeprecatedEntry {
  /** The package that keeps the old entry. */
  readonly package: string;
  /** The entry's source and its test, relative to the package folder. */
  readonly files: readonly string[];
  /** The package its exports moved to: the one workspace package these files may import beyond the package's own allowance. */
  readonly movedTo: string;
}

/**
 * Old entries that re-export from where their exports moved. `@symfonic/memory/ai-sdk` re-exports
 * `@symfonic/ai-sdk` (an optional peer of memory, since ai-sdk builds on memory); nothing else in
 * memory may import it.
 */
export const deprecatedEntries: readonly DeprecatedEntry[] = [
  {
    package: '@symfonic/memory',
    files: ['src/ai-sdk.ts', 'src/ai-sdk.test.ts'],
    movedTo: '@symfonic/ai-sdk',
  },
];
