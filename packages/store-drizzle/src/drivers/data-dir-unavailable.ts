import { MemoryUnavailable } from '@symfonic/core';

/** Why a PGlite data folder cannot be opened. */
export type DataDirProblem =
  /** The folder, or a folder above it, does not exist and could not be created. */
  | 'missing'
  /** The path, or a path above it, is a file, not a folder. */
  | 'not-a-folder'
  /** The process may not create or write files there. */
  | 'not-writable'
  /** The folder holds files but no PGlite database: it is not opened, so nothing in it is touched. */
  | 'not-a-pglite-folder'
  /** Another live process (or another store of this process) has the folder open. */
  | 'locked';

/** The process holding a data folder, as its lock file names it. */
export interface DataDirHolder {
  readonly pid: number;
  readonly hostname: string;
  /** When it took the folder. */
  readonly since: Date;
}

const problemText: Record<DataDirProblem, string> = {
  missing: 'it does not exist and could not be created',
  'not-a-folder': 'it, or a path above it, is a file, not a folder',
  'not-writable': 'this process may not write there',
  'not-a-pglite-folder': 'it holds files but no PGlite database',
  locked: 'it is open in another store',
};

const fileSystemProblems: Readonly<Record<string, DataDirProblem>> = {
  ENOENT: 'missing',
  ENOTDIR: 'not-a-folder',
  EEXIST: 'not-a-folder',
  EACCES: 'not-writable',
  EPERM: 'not-writable',
  EROFS: 'not-writable',
};

/**
 * A PGlite data folder cannot be opened: a `MemoryUnavailable` (callers that
 * degrade on one degrade on this) that names the folder and the `problem`,
 * and, for `locked`, the process that holds it. The message carries the
 * folder's path and the holder's pid and host, never stored text.
 */
export class DataDirUnavailable extends MemoryUnavailable {
  /** The folder, as given to `openPGliteStore` (resolved to an absolute path). */
  readonly dataDir: string;
  readonly problem: DataDirProblem;
  /** The holder, when `problem` is `locked`. */
  readonly holder?: DataDirHolder;

  constructor(
    dataDir: string,
    problem: DataDirProblem,
    options: {
      readonly holder?: DataDirHolder;
      readonly cause?: unknown;
      readonly detail?: string;
    } = {},
  ) {
    const { holder, detail } = options;
    const held = holder
      ? ` by process ${holder.pid} on ${holder.hostname} since ${holder.since.toISOString()}`
      : '';
    super(
      `the memory store could not open the PGlite folder ${dataDir}: ${problemText[problem]}${held}${detail ? ` (${detail})` : ''}`,
      options.cause === undefined ? {} : { cause: options.cause },
    );
    this.dataDir = dataDir;
    this.problem = problem;
    if (holder) this.holder = holder;
  }

  /**
   * The problem a file-system failure at `dataDir` shows (`ENOENT` missing,
   * `ENOTDIR` or `EEXIST` not a folder, `EACCES`, `EPERM` or `EROFS` not
   * writable), keeping the failure as `cause`; `undefined` for any other failure.
   */
  static fromFileSystem(dataDir: string, error: unknown): DataDirUnavailable | undefined {
    const code = (error as { code?: unknown } | undefined)?.code;
    const problem = typeof code === 'string' ? fileSystemProblems[code] : undefined;
    return problem
      ? new DataDirUnavailable(dataDir, problem, { cause: error, detail: `failure code ${code}` })
      : undefined;
  }

  /** True for a `DataDirUnavailable` from any copy of `@symfonic/store-drizzle`. */
  static override isInstance(error: unknown): error is DataDirUnavailable {
    return (
      MemoryUnavailable.isInstance(error) &&
      typeof (error as { dataDir?: unknown }).dataDir === 'string' &&
      typeof (error as { problem?: unknown }).problem === 'string'
    );
  }
}
