import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

it('runs the README example as written, printing what it says it prints', async () => {
  const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
  const example = /## Example\n\n```js\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeDefined();
  // The package cannot import itself by name from inside its folder: point it at the build.
  const script = join(packageRoot, `.readme-example-${process.pid}.mjs`);
  writeFileSync(
    script,
    (example as string).replace("from '@symfonic/memory'", "from './dist/index.js'"),
  );
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script], { cwd: packageRoot });
    expect(stdout).toBe(
      "[ 'The user is allergic to peanuts' ]\n[semantic #1] The user is allergic to peanuts\n",
    );
  } finally {
    rmSync(script, { force: true });
  }
});
