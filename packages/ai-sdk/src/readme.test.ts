import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { fencedBlocks, readmeExample, runModule } from '@symfonic/test-support';
import { expect, it } from 'vitest';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

it('runs the README example, which prints what the README says it prints', async () => {
  const { code, output } = await readmeExample(packageDirectory);
  expect(code).toContain("from '@symfonic/ai-sdk'");
  expect(output).toBe('Lyon, lovely!\n[semantic #1] The user lives in Lyon\n');
  expect(await runModule(code, packageDirectory)).toBe(output);
});

it('runs the README testing example through the published @symfonic/ai-sdk/test entry', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const code = fencedBlocks(readme, 'js').find((block) =>
    block.includes("from '@symfonic/ai-sdk/test'"),
  );
  expect(code).toBeDefined();
  const printed = await runModule(
    `${code}\nimport { generateText } from 'ai';\nconst { text } = await generateText({ model, prompt: 'I live in Lyon' });\nconsole.log(JSON.stringify(text));\n`,
    packageDirectory,
  );
  expect(JSON.parse(printed)).toBe(
    'Noted.\n\n```json\n{"ops":[{"op":"add","text":"The user lives in Lyon"}]}\n```',
  );
});

it('runs the tool-call loop of the README, which prints what the README says it prints', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const code = fencedBlocks(readme, 'js').find((block) => block.includes('aiSdkMemoryTool'));
  const output = fencedBlocks(readme, 'text').find((block) => block.includes('tool-call: '));
  expect(code).toBeDefined();
  expect(output).toBe(
    "[ 'tool-call: The user is allergic to peanuts' ]\nmemory_ops: 1 of 1 ops applied.\nop 0 (add): applied\nNoted: no peanuts.\n",
  );
  expect(await runModule(code as string, packageDirectory)).toBe(output);
});

it('runs the AI SDK reranker example of the README, which prints what the README says it prints', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const code = fencedBlocks(readme, 'js').find((block) => block.includes('createAiSdkReranker'));
  const output = fencedBlocks(readme, 'text').find((block) => block.includes('rerank-failed'));
  expect(code).toBeDefined();
  expect(output).toBe(
    "[semantic #1] The user drinks coffee at 7, and coffee again at noon\n[semantic #1] The user takes oat milk in their coffee\n0.92 beyond the 1-memory limit\n[semantic #1] The user drinks coffee at 7, and coffee again at noon\n[ 'no-embedder', 'rerank-failed' ]\n",
  );
  expect(await runModule(code as string, packageDirectory)).toBe(output);
});
