/**
 * Which workspace packages each package may import, as docs/architecture.md states them. A test
 * file may also import the stores and the contract suite (tests compose), and
 * an app may import anything. The published program `@symfonic/mcp-server`
 * composes like an app, but only the memory loop and the Drizzle store it
 * ships with. Packages not listed here may import only core.
 */
export const allowedWorkspaceImports: Readonly<Record<string, readonly string[]>> = {
  '@symfonic/core': [],
  '@symfonic/memory': ['@symfonic/core', '@symfonic/provider-families'],
  '@symfonic/mcp-server': ['@symfonic/core', '@symfonic/memory', '@symfonic/store-drizzle'],
  // An integration adapter builds on the memory capability.
  '@symfonic/ai-sdk': ['@symfonic/core', '@symfonic/memory', '@symfonic/provider-families'],
  // Runs the @symfonic/ai-sdk suite against AI SDK 7.
  '@symfonic/ai-sdk-v7': ['@symfonic/core', '@symfonic/memory', '@symfonic/ai-sdk'],
};

/**
 * Packages that a test file in any package may import, on top of its package's own allowance:
 * the two contract suites (stores run `@symfonic/store-contract`; every surface a model or
 * client reaches memory through runs `@symfonic/surface-contract`), test plumbing, and the
 * stores a test composes.
 */
export const testOnlyWorkspaceImports: readonly string[] = [
  '@symfonic/store-contract',
  '@symfonic/surface-contract',
  '@symfonic/test-support',
  '@symfonic/store-memory',
  '@symfonic/store-drizzle',
  '@symfonic/provider-families',
  '@symfonic/legacy-port',
  // The dump round trip is checked against every store, from the stores' own suites.
  '@symfonic/dump',
];

/** The only external module core may import: it depends on zod alone. */
export const coreExternalImports: readonly string[] = ['zod'];
