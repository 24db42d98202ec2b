import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runModule } from './run-module.js';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

describe('runModule', () => {
  it('runs an ES module and returns its stdout', async () => {
    const source = "const x = await Promise.resolve(2);\nconsole.log('got', x);\n";
    expect(await runModule(source, packageDirectory)).toBe('got 2\n');
  });

  it("resolves the package's own name from its folder, through its exports into dist", async () => {
    const source =
      "import { fencedBlocks } from '@symfonic/test-support';\nconsole.log(typeof fencedBlocks);\n";
    expect(await runModule(source, packageDirectory)).toBe('function\n');
  });

  it('rejects with the exit code and stderr when the module fails', async () => {
    const source = "console.error('broken on purpose');\nprocess.exit(3);\n";
    await expect(runModule(source, packageDirectory)).rejects.toThrow(
      /^exit 3: broken on purpose\n$/,
    );
  });
});
