import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { fencedBlocks, readmeExample, runModule } from '@symfonic/test-support';
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

it('runs the reranking example of the README, which prints what the README says it prints', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const code = fencedBlocks(readme, 'js').find((block) => block.includes("model: 'stand-in'"));
  const output = fencedBlocks(readme, 'text').find((block) => block.includes('rerank-failed'));
  expect(code).toBeDefined();
  expect(output).toBe(
    "[semantic #1] The user drinks coffee at 7, and coffee again at noon\n[semantic #1] The user takes oat milk in their coffee\n0.92 beyond the 1-memory limit\n[semantic #1] The user drinks coffee at 7, and coffee again at noon\n[ 'no-embedder', 'rerank-failed' ]\n",
  );
  expect(await runModule(code as string, packageDirectory)).toBe(output);
});

it('runs the import example of the README, which prints what the README says it prints', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const code = fencedBlocks(readme, 'js').find((block) => block.includes('importConversation'));
  const output = fencedBlocks(readme, 'text').find((block) =>
    block.includes('repeated in the input'),
  );
  expect(code).toBeDefined();
  expect(output).toBeDefined();
  expect(await runModule(code as string, packageDirectory)).toBe(output);
});

it('runs the sentence encoder example of the README, with the real model', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const code = fencedBlocks(readme, 'js').find((block) => block.includes('createSentenceEncoder'));
  expect(code).toBeDefined();
  expect(await runModule(code as string, packageDirectory)).toBe(
    'universal-sentence-encoder-lite-en-512@0.2.0\n',
  );
  // Starting a Node that loads TensorFlow.js and a 26 MB model takes seconds on a busy machine.
}, 180_000);
