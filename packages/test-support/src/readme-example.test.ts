import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readmeExample } from './readme-example.js';
import { runModule } from './run-module.js';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

describe('readmeExample', () => {
  let planted: string | undefined;
  afterEach(() => {
    if (planted) rmSync(planted, { recursive: true, force: true });
    planted = undefined;
  });

  function plantReadme(text: string): string {
    planted = mkdtempSync(join(tmpdir(), 'symfonic-readme-'));
    writeFileSync(join(planted, 'README.md'), text);
    return planted;
  }

  it("runs this package's own README example, which prints what the README says", async () => {
    const { code, output } = await readmeExample(packageDirectory);
    expect(code).toContain("from '@symfonic/test-support'");
    expect(await runModule(code, packageDirectory)).toBe(output);
  });

  it('has no output when the README shows none', async () => {
    const directory = plantReadme('```js\nx();\n```\n');
    expect(await readmeExample(directory)).toEqual({ code: 'x();\n', output: undefined });
  });

  it('refuses a README without a js example', async () => {
    const directory = plantReadme('# nothing to run\n\n```text\nout\n```\n');
    await expect(readmeExample(directory)).rejects.toThrow(/has no ```js example/);
  });
});
