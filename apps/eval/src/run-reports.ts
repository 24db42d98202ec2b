/**
 * Runs the evaluations the figures come from (see `reportRuns`), one after the other, each
 * writing its report to `reports/<name>.json`:
 *
 *   pnpm --filter @symfonic/eval figures:run [name …]
 *
 * All of them without names (about an hour on a quiet 2-core machine: the PGlite systems on
 * every conversation, and the sentence encoder embedding every turn). `figures:reports` then
 * writes the tables that read several runs.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type ReportName, reportRuns } from './report-figures.js';

const given = process.argv.slice(2);
const unknown = given.filter((name) => !(name in reportRuns));
if (unknown.length > 0) {
  throw new Error(
    `no run ${unknown.join(', ')}; the runs are ${Object.keys(reportRuns).join(', ')}`,
  );
}
const names = (given.length > 0 ? given : Object.keys(reportRuns)) as ReportName[];
const cli = fileURLToPath(new URL('cli.js', import.meta.url));
const harness = fileURLToPath(new URL('../', import.meta.url));
for (const name of names) {
  console.error(`running ${name}…`);
  const args = [cli, ...reportRuns[name], '--no-progress', '--json', `reports/${name}.json`];
  const { status } = spawnSync(process.execPath, args, {
    cwd: harness,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (status !== 0) throw new Error(`${name} failed (exit code ${status})`);
}
