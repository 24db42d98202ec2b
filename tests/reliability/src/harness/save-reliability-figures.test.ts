import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReliabilityFigures } from './reliability-figures.js';
import { saveReliabilityFigures } from './save-reliability-figures.js';

const file = fileURLToPath(new URL('../../figures/reliability-figures.json', import.meta.url));

describe('saveReliabilityFigures', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('writes nothing without FIGURES', () => {
    vi.stubEnv('FIGURES', '');
    const before = readFileSync(file, 'utf8');
    expect(
      saveReliabilityFigures('postgresql', new ReliabilityFigures().counts, { testsFailed: false }),
    ).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('keeps the row of a file a test of which failed, and says so', () => {
    vi.stubEnv('FIGURES', '1');
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = readFileSync(file, 'utf8');
    const figures = new ReliabilityFigures();
    figures.count('rowsCrossed', 882);
    expect(
      saveReliabilityFigures('postgresql', figures.counts, { testsFailed: true }),
    ).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(said).toHaveBeenCalledWith(
      'reliability figures: the row of PostgreSQL is not written: a test of its file failed',
    );
  });

  it('refuses a suite the table has no row for', () => {
    vi.stubEnv('FIGURES', '1');
    expect(() =>
      saveReliabilityFigures('sqlite', new ReliabilityFigures().counts, { testsFailed: true }),
    ).toThrow('the reliability table has no row for sqlite');
  });
});
