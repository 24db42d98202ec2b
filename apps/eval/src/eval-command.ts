import { writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchMachine, renderFigures, writeFiguresFile } from '@symfonic/test-support';
import { Command, InvalidArgumentError } from 'commander';
import type { EvalDataset } from './eval-dataset.js';
import { evalSystems } from './eval-systems.js';
import { evaluateSystem, type SystemResult } from './evaluate-system.js';
import { renderExperiments } from './experiments/render-experiments.js';
import { type ExperimentRow, runExperiments } from './experiments/run-experiments.js';
import { type LocomoLoad, loadLocomo } from './load-locomo.js';
import { createProgressReporter } from './progress-reporter.js';
import { readEvalDataset } from './read-eval-dataset.js';
import { resultsFigures } from './results-figures.js';
import { datasetPath, shippedDatasets } from './shipped-datasets.js';

/** Where the command writes: stdout for results, stderr for progress and notes. */
export interface EvalCommandStreams {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean };
}

/** The number of conversations PGlite systems run on unless `--pglite-conversations` says otherwise. */
export const defaultPgliteConversations = 2;

interface EvalCommandOptions {
  readonly dataset?: string;
  readonly locomo?: string;
  readonly systems?: string[];
  readonly pgliteConversations: number | 'all';
  readonly contextTurns?: number;
  readonly experiments: boolean;
  readonly json?: string | true;
  readonly details: boolean;
  readonly figures?: string;
  readonly categoryFigures?: string;
  readonly progress: boolean;
}

function turnCount(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > 16) {
    throw new InvalidArgumentError('a whole number from 0 to 16');
  }
  return count;
}

function conversationCount(value: string): number | 'all' {
  if (value === 'all') return 'all';
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) {
    throw new InvalidArgumentError('a whole number of 1 or more, or "all"');
  }
  return count;
}

function systemList(value: string): string[] {
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

function categoryCounts(dataset: EvalDataset): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const question of dataset.questions) {
    counts[question.category] = (counts[question.category] ?? 0) + 1;
  }
  return counts;
}

function describeLocomo(load: LocomoLoad): string {
  const lines = [
    `LoCoMo: ${load.dataset.conversations.length} conversations, ${load.dataset.questions.length} questions asked;`,
    `  ${load.repaired.length} evidence ids repaired, ${load.droppedEvidence.length} evidence ids naming no turn left out, ${load.skippedQuestions.length} questions without usable evidence not asked`,
  ];
  for (const repair of load.repaired.slice(0, 5)) {
    lines.push(
      `  repaired ${repair.questionId}: "${repair.written}" read as ${repair.readAs.join(', ')}`,
    );
  }
  for (const left of load.droppedEvidence.slice(0, 5)) {
    lines.push(`  left out in ${left.questionId}: ${left.reason}`);
  }
  if (load.repaired.length + load.droppedEvidence.length > 10) {
    lines.push('  (every repair and omission is in the --json output)');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The `symfonic-eval` command: evaluate the stores' retrieval on the shipped
 * synthetic data set (or another shipped one or a file with `--dataset`, or
 * a LoCoMo file with `--locomo`),
 * print Markdown tables, optionally write or print JSON, and with
 * `--experiments` run the ranking experiments of the decision record.
 *
 * @returns the command; `parseAsync` rejects with the first error a store,
 * loader or option raises.
 */
export function createEvalCommand(streams: EvalCommandStreams): Command {
  return new Command('symfonic-eval')
    .description(
      'Measure retrieval quality: recall@k and latency of Symfonic stores on long conversations.',
    )
    .option(
      '--dataset <name|path>',
      `a shipped data set (${Object.keys(shippedDatasets).join(', ')}; default: synthetic) or a file in this harness's JSON format`,
    )
    .option('--locomo <path>', 'a LoCoMo JSON file, e.g. your copy of locomo10.json')
    .option(
      '--systems <names>',
      'comma-separated system names or prefixes (default: all)',
      systemList,
    )
    .option(
      '--pglite-conversations <count>',
      `conversations the PGlite systems run on, or "all"`,
      conversationCount,
      defaultPgliteConversations,
    )
    .option(
      '--context-turns <count>',
      'turns before each imported turn that become its context (default: the library default, 1)',
      turnCount,
    )
    .option(
      '--experiments',
      'also run the ranking experiments (embedders, fusion, re-scoring)',
      false,
    )
    .option('--json [path]', 'write the results as JSON to path, or print JSON instead of tables')
    .option('--details', "include every question's outcome in the JSON", false)
    .option(
      '--figures <section>',
      "write the overall table to figures/<section>.json, for `pnpm figures` to put in this harness's README",
    )
    .option(
      '--category-figures <section>',
      'write the R@10-by-category table to figures/<section>.json, likewise',
    )
    .option('--no-progress', 'no progress bar or lines on stderr')
    .action(async (options: EvalCommandOptions, command: Command) => {
      const { stdout, stderr } = streams;
      // What was parsed (commander keeps the whole argv it was given), not this process's argv.
      const given = (command as Command & { readonly rawArgs: readonly string[] }).rawArgs;
      const invoked = `pnpm eval ${given.slice(2).join(' ')}`;
      if (options.dataset !== undefined && options.locomo !== undefined) {
        throw new InvalidArgumentError('give --dataset or --locomo, not both');
      }
      let locomo: LocomoLoad | undefined;
      let dataset: EvalDataset;
      if (options.locomo !== undefined) {
        locomo = await loadLocomo(options.locomo);
        dataset = locomo.dataset;
        stderr.write(describeLocomo(locomo));
      } else {
        dataset = await readEvalDataset(datasetPath(options.dataset ?? 'synthetic'));
      }
      const all = evalSystems(
        options.pgliteConversations === 'all'
          ? {}
          : { pgliteConversations: options.pgliteConversations },
      );
      const wanted = options.systems;
      const { contextTurns } = options;
      const systems = (
        wanted === undefined
          ? all
          : all.filter((system) => wanted.some((name) => system.name.startsWith(name)))
      ).map((system) => (contextTurns === undefined ? system : { ...system, contextTurns }));
      if (systems.length === 0) {
        throw new InvalidArgumentError(
          `no system matches ${wanted?.join(', ')}; the systems are ${all.map((system) => system.name).join(', ')}`,
        );
      }
      const startedAt = new Date().toISOString();
      const loadBefore = loadavg();
      const progress = options.progress ? createProgressReporter(stderr) : undefined;
      const onProgress = progress ? progress.update.bind(progress) : undefined;
      const results: SystemResult[] = [];
      try {
        for (const system of systems)
          results.push(await evaluateSystem(system, dataset, onProgress));
      } finally {
        progress?.stop();
      }
      let experiments: ExperimentRow[] | undefined;
      if (options.experiments) experiments = await runExperiments(dataset, onProgress);
      progress?.stop();

      const report = {
        dataset: {
          name: dataset.name,
          conversations: dataset.conversations.length,
          questions: dataset.questions.length,
          categories: categoryCounts(dataset),
        },
        ...(locomo
          ? {
              locomo: {
                repaired: locomo.repaired,
                droppedEvidence: locomo.droppedEvidence,
                skippedQuestions: locomo.skippedQuestions,
              },
            }
          : {}),
        run: {
          command: invoked,
          contextTurns: contextTurns ?? 'default',
          startedAt,
          finishedAt: new Date().toISOString(),
        },
        machine: {
          node: process.version,
          cores: availableParallelism(),
          platform: process.platform,
          loadAverage: { before: loadBefore, after: loadavg() },
        },
        results: results.map(({ outcomes, ...rest }) =>
          options.details ? { ...rest, outcomes } : rest,
        ),
        ...(experiments ? { experiments } : {}),
      };
      const [overall, perCategory] = resultsFigures(results, {
        section: options.figures ?? '',
        categorySection: options.categoryFigures ?? '',
        measured: `\`${invoked}\`, on ${benchMachine()}`,
      });
      const figuresFolder = new URL('../figures/', import.meta.url);
      for (const figures of [overall, perCategory]) {
        if (figures.section === '') continue;
        const path = fileURLToPath(new URL(`${figures.section}.json`, figuresFolder));
        writeFiguresFile(path, figures);
        stderr.write(`figures written to ${path}\n`);
      }
      const resultTables =
        results.length === 0 ? '' : `${renderFigures(overall)}\n\n${renderFigures(perCategory)}\n`;
      const tables = `${resultTables}${experiments ? `\n${renderExperiments(experiments)}\n` : ''}`;
      if (options.json === true) {
        stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      } else {
        stdout.write(
          `${dataset.name}: ${dataset.conversations.length} conversations, ${dataset.questions.length} questions\n\n${tables}`,
        );
        if (options.json !== undefined) {
          await writeFile(options.json, `${JSON.stringify(report, null, 2)}\n`);
          stderr.write(`results written to ${options.json}\n`);
        }
      }
    });
}
