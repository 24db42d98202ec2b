/** The results the PGlite open benchmark (`pglite-open.bench.ts`) writes, and its table reads. */

/** The kinds of open measured. */
export const modes = ['existing', 'existing-vector', 'new-template', 'new-initdb', 'wasm'] as const;
export type Mode = (typeof modes)[number];

/** One child's measurement: milliseconds per stage, and the process's CPU over the open. */
export interface OpenSample {
  readonly mode: Mode;
  readonly stages: Record<string, number>;
  readonly openMs: number;
  readonly openCpuMs: number;
}

/** What the benchmark writes. */
export interface OpenBench {
  readonly when: string;
  readonly machine: {
    readonly cpus: string;
    readonly memoryGiB: number;
    readonly loadBefore: readonly number[];
    readonly loadAfter: readonly number[];
    readonly node: string;
  };
  readonly memories: number;
  readonly runs: number;
  /** Per mode: the median and the worst of each stage, of the open and of its CPU. */
  readonly results: Record<
    Mode,
    {
      readonly stages: Record<string, { readonly p50: number; readonly max: number }>;
      readonly open: { readonly p50: number; readonly max: number };
      readonly openCpu: { readonly p50: number; readonly max: number };
    }
  >;
}
