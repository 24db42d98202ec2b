import { fileURLToPath } from 'node:url';
import { readmeExample, runModule } from '@symfonic/test-support';
import { expect, it } from 'vitest';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

it('runs the README example, which prints what the README says it prints', async () => {
  const { code, output } = await readmeExample(packageDirectory);
  expect(code).toContain("from '@symfonic/dump'");
  expect(output).toBeDefined();
  expect(await runModule(code, packageDirectory)).toBe(output);
});
