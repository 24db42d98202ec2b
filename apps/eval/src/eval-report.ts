import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecallSummary } from './summarize-recall.js';

/** One system's figures in an {@link EvalReport} (a recall `NaN` was written as `null`). */
export interface ReportedResult {
  readonly system: string;
  readonly conversations: number;
  readonly overall: RecallSummary;
  readonly perCategory: Readonly<Record<string, RecallSummary>>;
  readonly latencyMs: { readonly p50: number; readonly p95: number };
}

/** What `pnpm eval --json <path>` writes, as far as the figures read it. */
export interface EvalReport {
  readonly dataset: { readonly name: string; readonly questions: number };
  readonly run: {
    readonly command: string;
    /** `importConversation`'s `contextTurns`, or `'default'` when the run left it unset (1). */
    readonly contextTurns: number | 'default';
    readonly startedAt: string;
    readonly finishedAt: string;
  };
  readonly machine: {
    readonly node: string;
    readonly cores: number;
    readonly loadAverage: {
      readonly before: readonly number[];
      readonly after: readonly number[];
    };
  };
  readonly results: readonly ReportedResult[];
}

/**
 * Reads a report `pnpm eval --json <path>` wrote.
 *
 * @throws Error when the file is not JSON or lacks the run, the machine or the results (a report
 * written before the harness recorded its run).
 */
export function readEvalReport(path: string): EvalReport {
  const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<EvalReport>;
  for (const field of ['dataset', 'run', 'machine', 'results'] as const) {
    if (value[field] === undefined) throw new Error(`${path}: no "${field}"`);
  }
  if (value.machine?.loadAverage === undefined) throw new Error(`${path}: no load average`);
  return value as EvalReport;
}

const load = (values: readonly number[]) => values.map((value) => value.toFixed(1)).join(' / ');

/**
 * How a report's run is labelled beside its figures: the command, when it finished, and the
 * machine (cores, Node, the load average before and after).
 */
export function describeRun(report: EvalReport): string {
  const { run, machine } = report;
  const finished = `${run.finishedAt.slice(0, 16).replace('T', ' ')} UTC`;
  return `\`${run.command}\`, finished ${finished} on ${machine.cores} cores, Node ${machine.node}, load average ${load(machine.loadAverage.before)} before and ${load(machine.loadAverage.after)} after`;
}

/**
 * The reports `names` under `folder` (`<name>.json`), those present.
 *
 * @throws Error as {@link readEvalReport} for a file that is not a report.
 */
export function readEvalReports<Name extends string>(
  folder: string,
  names: readonly Name[],
): Partial<Record<Name, EvalReport>> {
  const reports: Partial<Record<Name, EvalReport>> = {};
  for (const name of names) {
    const path = join(folder, `${name}.json`);
    if (existsSync(path)) reports[name] = readEvalReport(path);
  }
  return reports;
}
