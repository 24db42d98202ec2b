import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tinyDataset } from './__fixtures__/tiny-dataset.js';
import { createEvalCommand } from './eval-command.js';

const locomoFixture = fileURLToPath(new URL('./__fixtures__/locomo-sample.json', import.meta.url));

async function run(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const [stdout, stderr] = [new PassThrough(), new PassThrough()];
  const chunks = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  stdout.on('data', (chunk: Buffer) => chunks.stdout.push(chunk));
  stderr.on('data', (chunk: Buffer) => chunks.stderr.push(chunk));
  const command = createEvalCommand({ stdout, stderr }).exitOverride();
  await command.parseAsync(['node', 'symfonic-eval', ...args]);
  return {
    stdout: Buffer.concat(chunks.stdout).toString('utf8'),
    stderr: Buffer.concat(chunks.stderr).toString('utf8'),
  };
}

describe('symfonic-eval', () => {
  it('evaluates a LoCoMo file, reporting its repairs, as JSON on stdout', async () => {
    const { stdout, stderr } = await run(
      '--locomo',
      locomoFixture,
      '--systems',
      'in-memory/lexical',
      '--json',
      '--no-progress',
    );
    const report = JSON.parse(stdout);
    expect(report.dataset).toEqual({
      name: 'locomo-sample',
      conversations: 2,
      questions: 5,
      categories: { temporal: 1, 'multi-hop': 2, 'single-hop': 2 },
    });
    expect(report.locomo.repaired).toHaveLength(3);
    expect(report.locomo.skippedQuestions).toHaveLength(2);
    expect(report.results.map((result: { system: string }) => result.system)).toEqual([
      'in-memory/lexical',
    ]);
    expect(report.results[0].overall.questions).toBe(5);
    expect(report.results[0].outcomes).toBeUndefined();
    expect(stderr).toContain('3 evidence ids repaired');
    expect(stderr).toContain('repaired conv-a/q2: "D2:1; D2:3" read as D2:1, D2:3');
  });

  it('prints tables and writes JSON with every outcome to a file, with progress lines off a terminal', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'symfonic-eval-'));
    const datasetPath = join(directory, 'tiny.json');
    const resultsPath = join(directory, 'results.json');
    await writeFile(datasetPath, JSON.stringify(tinyDataset));
    const { stdout, stderr } = await run(
      '--dataset',
      datasetPath,
      '--systems',
      'in-memory/lexical',
      '--json',
      resultsPath,
      '--details',
    );
    expect(stdout).toContain('tiny: 2 conversations, 5 questions');
    expect(stdout).toContain('| in-memory/lexical | 2 | 5 | 80.0 | 80.0 | 80.0 | 80.0 |');
    expect(stdout).toContain('| R@10 by category | multi-hop | single-hop |');
    expect(stderr).toContain('in-memory/lexical questions: 5/5');
    const report = JSON.parse(await readFile(resultsPath, 'utf8'));
    expect(report.results[0].outcomes).toHaveLength(5);
    expect(report.machine.node).toBe(process.version);
    expect(report.machine.loadAverage.before).toHaveLength(3);
    expect(report.run.contextTurns).toBe('default');
    expect(report.run.command).toContain('--dataset');
  });

  it('runs a shipped data set named by --dataset: the held-out split of the structures set', async () => {
    const { stdout } = await run(
      '--dataset',
      'structures-held-out',
      '--systems',
      'in-memory/lexical',
      '--json',
      '--no-progress',
    );
    const report = JSON.parse(stdout);
    expect(report.dataset).toEqual({
      name: 'symfonic-structures-held-out',
      conversations: 4,
      questions: 112,
      categories: { 'when-said': 24, 'two-turns': 24, 'third-person': 24, 'reply-to-turn': 40 },
    });
    expect(Object.keys(report.results[0].perCategory).sort()).toEqual([
      'reply-to-turn',
      'third-person',
      'two-turns',
      'when-said',
    ]);
  });

  it('refuses an unknown system, naming the known ones, and two data sets at once', async () => {
    await expect(run('--systems', 'nothing', '--no-progress')).rejects.toThrow(
      /no system matches nothing; the systems are in-memory\/lexical, /,
    );
    await expect(
      run('--dataset', 'x.json', '--locomo', locomoFixture, '--no-progress'),
    ).rejects.toThrow(/not both/);
    await expect(run('--pglite-conversations', '0')).rejects.toThrow(/whole number/);
  });
});
