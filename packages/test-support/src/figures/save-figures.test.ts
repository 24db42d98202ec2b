import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Figures } from './figures-file.js';
import { benchMachine, saveFigures } from './save-figures.js';

const figures: Figures = {
  document: 'README.md',
  section: 'bench',
  measured: 'a test',
  columns: [{ title: 'a', align: 'right' }],
  rows: [['1']],
};

describe('saveFigures', () => {
  const folder = mkdtempSync(join(tmpdir(), 'save-figures-'));
  mkdirSync(join(folder, 'figures'));
  afterEach(() => vi.unstubAllEnvs());

  it('writes figures/<section>.json under the package only when FIGURES is set', () => {
    vi.stubEnv('FIGURES', '');
    expect(saveFigures(figures, pathToFileURL(`${folder}/`))).toBeUndefined();
    vi.stubEnv('FIGURES', '1');
    const path = saveFigures(figures, pathToFileURL(`${folder}/`));
    expect(path).toBe(join(folder, 'figures', 'bench.json'));
    expect(JSON.parse(readFileSync(path as string, 'utf8'))).toEqual(figures);
    rmSync(folder, { recursive: true });
  });

  it('names the cores, the load average, Node and the time', () => {
    expect(benchMachine()).toMatch(
      /^\d+ × .+, load average [\d.]+ \/ [\d.]+ \/ [\d.]+, Node v[\d.]+, \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
  });
});
