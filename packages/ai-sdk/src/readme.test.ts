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
