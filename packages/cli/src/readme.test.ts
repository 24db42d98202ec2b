import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fencedBlocks } from '@symfonic/test-support';
import { expect, it } from 'vitest';
import { symfonicBin } from './testing/run-symfonic-bin.js';

it('runs the README example with the built binary, which prints what the README says it prints', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const script = fencedBlocks(readme, 'sh').find((block) => block.includes('acme.jsonl <<'));
  const output = fencedBlocks(readme, 'text').find((block) => block.startsWith('imported 2'));
  expect(script).toBeDefined();
  expect(output).toBeDefined();
  const folder = await mkdtemp(join(tmpdir(), 'symfonic-cli-readme-'));
  try {
    // `symfonic` on the PATH is the built binary, as `npm install --global` links it.
    const shim = join(folder, 'symfonic');
    await writeFile(shim, `#!/bin/sh\nexec "${process.execPath}" "${symfonicBin}" "$@"\n`);
    await chmod(shim, 0o755);
    const printed = await new Promise<string>((resolve, reject) =>
      execFile(
        '/bin/sh',
        ['-e', '-c', script as string],
        {
          cwd: folder,
          env: { ...process.env, PATH: `${folder}:${process.env.PATH}`, SYMFONIC_DATABASE_URL: '' },
        },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    expect(printed).toBe(output);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}, 120_000);
