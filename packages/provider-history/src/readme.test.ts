import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runModule } from '@symfonic/test-support';
import { describe, expect, it } from 'vitest';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** Every `ts` example of the README that is followed by the output it prints. */
const examples = [
  ...readme.matchAll(/```ts\n([\s\S]*?)```\s*\n+prints\s*\n+```text\n([\s\S]*?)```/g),
].map(([, code, output]) => ({ code: code ?? '', output: output ?? '' }));

describe('the README', () => {
  it('has the examples this test runs', () => {
    expect(examples).toHaveLength(2);
  });

  // The examples are type-annotation free, so Node runs them as they are, as a
  // module in this package's folder: `@symfonic/provider-history` resolves to
  // the built package through its own `exports`, as it would for a user.
  it.each(examples.map((example, index) => [index + 1, example] as const))(
    'example %i prints what the README says it prints',
    async (_, { code, output }) => {
      expect(await runModule(code, packageDirectory)).toBe(output);
    },
  );
});
