import { fileURLToPath } from 'node:url';
import { readmeExample, runModule } from '@symfonic/test-support';
import { expect, it } from 'vitest';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

it('runs the README example, which prints what the README says it prints', async () => {
  const { code, output } = await readmeExample(packageDirectory);
  expect(code).toContain("from '@symfonic/memory'");
  expect(output).toBe(
    "2\n[semantic #1] The user is allergic to peanuts\n[semantic #1] The user is allergic to peanuts\n[ 'no-embedder', 'cue-matched-nothing' ]\n",
  );
  expect(await runModule(code, packageDirectory)).toBe(output);
});
