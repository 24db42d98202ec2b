import { defineConfig } from 'vitest/config';

/**
 * One vitest run for the whole tree: every package's `src/**\/*.test.ts`, the
 * apps' tests and the cross-package suites under `tests/`. Workspace packages
 * resolve through their `exports` into `dist`, so `pnpm test` builds first.
 */
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'tests/*/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './tools/closing-line-reporter.ts'],
  },
});
