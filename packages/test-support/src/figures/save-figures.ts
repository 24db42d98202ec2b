import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Figures, writeFiguresFile } from './figures-file.js';

/**
 * What a benchmark ran on, and when, for {@link Figures.measured}: the cores, the load average (1,
 * 5 and 15 minutes) at the moment it is called, Node's version, and that moment (UTC, to the
 * minute).
 */
export function benchMachine(): string {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const when = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `${cpus().length} × ${model}, load average ${one.toFixed(1)} / ${five.toFixed(1)} / ${fifteen.toFixed(1)}, Node ${process.version}, ${when}`;
}

/**
 * When the `FIGURES` environment variable is set, writes `figures`
 * to `figures/<section>.json` under `packageRoot` (a `file:` URL of the package's folder), for
 * `pnpm figures` to put in the document. Returns the path written, `undefined` when none was.
 */
export function saveFigures(figures: Figures, packageRoot: URL): string | undefined {
  if (!process.env.FIGURES) return undefined;
  const path = join(fileURLToPath(packageRoot), 'figures', `${figures.section}.json`);
  writeFiguresFile(path, figures);
  return path;
}
