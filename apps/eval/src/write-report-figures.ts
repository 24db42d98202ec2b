/**
 * Writes the figures files of the tables that read several systems or runs (see
 * `reportFigures`) from the reports in `reports/`, for `pnpm figures` to put in their documents:
 *
 *   pnpm --filter @symfonic/eval figures:reports
 *
 * A table whose reports are not all there is left as it is, and named.
 */
import { fileURLToPath } from 'node:url';
import { writeFiguresFile } from '@symfonic/test-support';
import { readEvalReports } from './eval-report.js';
import { type ReportName, reportFigures, reportRuns } from './report-figures.js';

const folder = new URL('../', import.meta.url);
const reports = readEvalReports(
  fileURLToPath(new URL('reports/', folder)),
  Object.keys(reportRuns) as ReportName[],
);
const missing = Object.keys(reportRuns).filter((name) => !(name in reports));
if (missing.length > 0) console.error(`no report of ${missing.join(', ')}: its tables are left`);
for (const figures of reportFigures(reports)) {
  const path = fileURLToPath(new URL(`figures/${figures.section}.json`, folder));
  writeFiguresFile(path, figures);
  console.log(`wrote ${path}`);
}
