import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const demoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(demoRoot, 'dist', 'cli.js');
const counter = join(demoRoot, 'dist', 'testing', 'count-pglite-starts.js');
const workDirectory = mkdtempSync(join(tmpdir(), 'symfonic-demo-open-once-'));
afterAll(() => rmSync(workDirectory, { recursive: true, force: true }));

/** Run the demo with `args` in a process that counts PGlite's starts; the count it printed. */
function startsOf(args: readonly string[], input = ''): Promise<number> {
  return new Promise((done, fail) => {
    const child = execFile(
      process.execPath,
      ['--import', counter, cli, '--data-dir', join(workDirectory, 'data'), ...args],
      {
        cwd: workDirectory,
        env: {
          ...process.env,
          DATABASE_URL: '',
          SYMFONIC_DATABASE_URL: '',
          OPENAI_API_KEY: '',
          ANTHROPIC_API_KEY: '',
          GOOGLE_GENERATIVE_AI_API_KEY: '',
        },
        timeout: 300_000,
      },
      (error, _stdout, stderr) => {
        const count = /PGlite starts: (\d+)/.exec(stderr)?.[1];
        if (error || count === undefined) fail(error ?? new Error(`no count in: ${stderr}`));
        else done(Number(count));
      },
    );
    child.stdin?.end(input);
  });
}

// Each command is a short process: it must pay PGlite's start once, not twice.
describe('the demo, one short process per command', { timeout: 600_000 }, () => {
  it('starts PGlite once for chat, ask and inspect on an existing folder', async () => {
    const scope = ['--scope', 'acme/user:kim/conversation:1'];
    // The first command makes the folder.
    await startsOf(['chat', ...scope], "I'm allergic to sesame.\n\n");
    expect(await startsOf(['chat', ...scope], 'Any dinner recipe for tonight?\n')).toBe(1);
    expect(await startsOf(['ask', 'sesame', '--scope', 'acme/user:kim'])).toBe(1);
    expect(await startsOf(['inspect', '--scope', 'acme/user:kim'])).toBe(1);
  });
});
