import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { fencedBlocks, runModule } from '@symfonic/test-support';
import { expect, it } from 'vitest';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
const [agentExample, graphExample] = fencedBlocks(readme, 'js');
const [agentOutput, graphOutput] = fencedBlocks(readme, 'text');

it('runs the README agent example, which prints what the README says it prints', async () => {
  expect(agentExample).toContain("from '@symfonic/langchain'");
  expect(agentOutput).toBe('Lyon, lovely!\n[semantic #1] The user lives in Lyon\n');
  expect(await runModule(agentExample ?? '', packageDirectory)).toBe(agentOutput);
});

it('runs the README LangGraph example, which prints what the README says it prints', async () => {
  expect(graphExample).toContain('new SymfonicStore(');
  expect(graphOutput).toBe(
    'From memory: The user lives in Lyon\n{"text":"The user lives in Lyon","source":"onboarding"}\n',
  );
  expect(await runModule(graphExample ?? '', packageDirectory)).toBe(graphOutput);
});
