import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fencedBlocks } from './fenced-blocks.js';

/** A package README's example and the output it says the example prints. */
export interface ReadmeExample {
  /** The first ```` ```js ```` block of the README. */
  readonly code: string;
  /** The first ```` ```text ```` block, or `undefined` when the README has none. */
  readonly output: string | undefined;
}

/**
 * Read the `README.md` in `packageDirectory` and return its example: the
 * first `js` block, and the first `text` block as the output it promises.
 * Rejects when the README cannot be read or has no `js` block, so a README
 * that lost its example fails its test instead of passing with nothing run.
 */
export async function readmeExample(packageDirectory: string): Promise<ReadmeExample> {
  const path = join(packageDirectory, 'README.md');
  const readme = await readFile(path, 'utf8');
  const [code] = fencedBlocks(readme, 'js');
  if (code === undefined) throw new Error(`${path} has no \`\`\`js example`);
  return { code, output: fencedBlocks(readme, 'text')[0] };
}
