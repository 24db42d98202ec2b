import { fileURLToPath } from 'node:url';
import { readmeExample, runModule } from '@symfonic/test-support';
import { expect, it } from 'vitest';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

it('runs the README example, which prints what the README says it prints', async () => {
  const { code, output } = await readmeExample(packageDirectory);
  expect(code).toContain("from '@symfonic/open-store'");
  expect(output).toBe(
    'memory symfonic-local-ngram-v1-384\n[semantic #1] The user lives in Lyon\nStoreTargetInvalid missing\n',
  );
  expect(await runModule(code, packageDirectory)).toBe(output);
});
