import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The fenced blocks of a Markdown text with the given language tag, in order. */
function blocks(markdown: string, language: string): string[] {
  const fence = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g');
  return [...markdown.matchAll(fence)].map((match) => match[1] ?? '');
}

/**
 * Run `source` as an ES module read from stdin in this package's directory, so
 * `@symfonic/store-drizzle/…` resolves to the package's own `dist`, as it
 * would for a user. Nothing is written to disk.
 */
function runModule(source: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module'], { cwd: packageDirectory });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`exit ${code}: ${stderr}`)),
    );
    child.stdin.end(source);
  });
}

describe('README', () => {
  it('runs its PGlite example and prints what it says it prints', async () => {
    const readme = await readFile(join(packageDirectory, 'README.md'), 'utf8');
    const [example] = blocks(readme, 'js');
    const [output] = blocks(readme, 'text');
    expect(example).toContain("from '@symfonic/store-drizzle/pglite'");
    expect(await runModule(example ?? '')).toBe(output);
  });
});
