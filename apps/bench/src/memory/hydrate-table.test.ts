import { describe, expect, it } from 'vitest';
import { hydrateTable, parseHydrateBench } from './hydrate-table.js';

/** What `hydrate.bench.ts` prints, cut to two variants (figures of a run on a busy machine). */
const sample = `
hydrate at 10000 memories in one scope, 600 runs each (ms; PGlite seeded in 41.3 s)
machine: 2 × Intel(R) Xeon(R) CPU @ 2.20GHz, load average 5.2 / 6.1 / 6.8, Node v20.19.0

store                                               p50      p95  store p50  store p95  ours p50  ours p95 candidates
in-memory, lexical, pinned off                     3.14    12.62       2.24      10.83      0.67      5.07        655
in-memory, lexical + cosine re-score, pinned on, after a write     5.66    14.57       2.44       9.08      1.92      8.24        655
PGlite, lexical, pinned on                         9.93    22.42       9.37      21.46      0.42      1.31        500

pinned facts on against off, the whole hydrate (p50 / p95; "after a write": read from the store every time):
in-memory, lexical                     on    5.1 % /   0.6 %   after a write    5.6 % /   5.9 %
`;

describe('the hydrate benchmark table', () => {
  it('reads the size, the machine and every table line of the output', () => {
    const bench = parseHydrateBench(sample);
    expect(bench.memories).toBe(10_000);
    expect(bench.runs).toBe(600);
    expect(bench.machine).toBe(
      '2 × Intel(R) Xeon(R) CPU @ 2.20GHz, load average 5.2 / 6.1 / 6.8, Node v20.19.0',
    );
    expect(bench.rows).toEqual([
      {
        store: 'in-memory, lexical',
        pinned: 'off',
        p50: 3.14,
        p95: 12.62,
        storeP50: 2.24,
        storeP95: 10.83,
        oursP50: 0.67,
        oursP95: 5.07,
        candidates: 655,
      },
      expect.objectContaining({
        store: 'in-memory, lexical + cosine re-score',
        pinned: 'on, after a write',
        p95: 14.57,
      }),
      expect.objectContaining({ store: 'PGlite, lexical', pinned: 'on', oursP95: 1.31 }),
    ]);
  });

  it('writes the README table from it', () => {
    expect(hydrateTable(parseHydrateBench(sample)).split('\n')).toEqual([
      'Measured with `BENCH_RUNS=600` at 10,000 memories on 2 × Intel(R) Xeon(R) CPU @ 2.20GHz, load average 5.2 / 6.1 / 6.8, Node v20.19.0, ms:',
      '',
      '| store | pinned | p50 | p95 | store p50 | store p95 | ours p50 | ours p95 | candidates |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      '| in-memory, lexical | off | 3.14 | 12.62 | 2.24 | 10.83 | 0.67 | 5.07 | 655 |',
      '| in-memory, lexical + cosine re-score | on, after a write | 5.66 | 14.57 | 2.44 | 9.08 | 1.92 | 8.24 | 655 |',
      '| PGlite, lexical | on | 9.93 | 22.42 | 9.37 | 21.46 | 0.42 | 1.31 | 500 |',
    ]);
  });

  it('refuses output that is not the benchmark’s', () => {
    expect(() => parseHydrateBench('hello')).toThrow(/not the output of hydrate.bench.ts/);
    expect(() => parseHydrateBench(sample.split('\n').slice(0, 4).join('\n'))).toThrow(
      /no table line/,
    );
  });
});
