import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = dirname(fileURLToPath(import.meta.url));
const resolveHere = createRequire(join(here, 'package.json')).resolve;
const aiRoot = dirname(resolveHere('ai/package.json'));

/**
 * The @symfonic/ai-sdk suite (its own `*.test.ts` files, as they are) with
 * `ai`, `ai/test`, `@ai-sdk/provider` and the provider packages
 * (`@ai-sdk/anthropic`, `@ai-sdk/openai`, `@ai-sdk/google`) resolved to AI SDK 7, the versions
 * this package depends on, for the tests and for the package's code alike.
 * AI SDK 7 needs Node 22: `.ci/run` runs this with `npx -y node@22`.
 */
export default defineConfig({
  root: join(here, '../..'),
  resolve: {
    alias: [
      { find: /^ai$/, replacement: join(aiRoot, 'dist/index.js') },
      { find: /^ai\/test$/, replacement: join(aiRoot, 'dist/test/index.js') },
      { find: /^@ai-sdk\/provider$/, replacement: resolveHere('@ai-sdk/provider') },
      // The provider packages' AI SDK 7 majors, for the tests that replay their wire formats.
      { find: /^@ai-sdk\/anthropic$/, replacement: resolveHere('@ai-sdk/anthropic') },
      { find: /^@ai-sdk\/openai$/, replacement: resolveHere('@ai-sdk/openai') },
      { find: /^@ai-sdk\/google$/, replacement: resolveHere('@ai-sdk/google') },
    ],
  },
  test: {
    include: ['packages/ai-sdk/src/**/*.test.ts', 'tests/ai-sdk-v7/checks/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'packages/ai-sdk/src/readme.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
