import { fileURLToPath } from 'node:url';
import { readmeExample, runModule } from '@symfonic/test-support';
import { expect, it } from 'vitest';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

// The PGlite example: `@symfonic/store-drizzle/pglite` resolves to this package's own dist.
it('runs the README PGlite example, which prints what the README says it prints', async () => {
  const { code, output } = await readmeExample(packageDirectory);
  expect(code).toContain("from '@symfonic/store-drizzle/pglite'");
  expect(await runModule(code, packageDirectory)).toBe(output);
});
