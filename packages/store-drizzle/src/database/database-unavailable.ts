import { MemoryUnavailable } from '@symfonic/core';
import { databaseErrorCode } from './database-error-code.js';

/** Why a PostgreSQL database cannot be opened, read from the failure's code. */
export type DatabaseProblem =
  /** The server has no database of the name the connection asked for (`3D000`). */
  | 'no-such-database'
  /** The server refused the user name or password (`28P01`, `28000`). */
  | 'authentication-refused'
  /** No server answers at that host and port (`ECONNREFUSED`, `ENOTFOUND`, `EHOSTUNREACH`, `ETIMEDOUT`, `EAI_AGAIN`, `ENETUNREACH`). */
  | 'host-unreachable';

const problemOfCode: Readonly<Record<string, DatabaseProblem>> = {
  '3D000': 'no-such-database',
  '28P01': 'authentication-refused',
  '28000': 'authentication-refused',
  ECONNREFUSED: 'host-unreachable',
  ENOTFOUND: 'host-unreachable',
  EHOSTUNREACH: 'host-unreachable',
  ENETUNREACH: 'host-unreachable',
  ETIMEDOUT: 'host-unreachable',
  EAI_AGAIN: 'host-unreachable',
};

const problemText: Record<DatabaseProblem, string> = {
  'no-such-database':
    'the database named in the connection does not exist on that server: create it (e.g. `createdb NAME`) or fix the database name in the URL',
  'authentication-refused':
    'the server refused the user name or password: check the credentials in the URL (and that the role exists)',
  'host-unreachable':
    'no PostgreSQL server answered at that host and port: check the host and port in the URL, and that the server is running',
};

/**
 * A PostgreSQL database cannot be opened, for a reason a person can fix: a
 * `MemoryUnavailable` whose message says what is wrong and how to fix it,
 * whose `problem` names it, and whose `databaseCode` keeps the PostgreSQL
 * SQLSTATE or socket code it was read from. The message never carries the
 * connection string, a password or SQL.
 */
export class DatabaseUnavailable extends MemoryUnavailable {
  readonly problem: DatabaseProblem;
  /** The SQLSTATE (`3D000`) or socket code (`ECONNREFUSED`) of the failure. */
  readonly databaseCode: string;

  constructor(problem: DatabaseProblem, databaseCode: string, options: { cause?: unknown } = {}) {
    super(
      `the memory store could not open the database: ${problemText[problem]} (failure code ${databaseCode})`,
      options.cause === undefined ? {} : { cause: options.cause },
    );
    this.problem = problem;
    this.databaseCode = databaseCode;
  }

  /** The `DatabaseUnavailable` a failure to open shows, or `undefined` when its code names none of the problems. */
  static fromOpenFailure(error: unknown): DatabaseUnavailable | undefined {
    const code = databaseErrorCode(error);
    const problem = code === undefined ? undefined : problemOfCode[code];
    if (code === undefined || problem === undefined) return undefined;
    return new DatabaseUnavailable(problem, code, { cause: error });
  }

  /** True for a `DatabaseUnavailable` from any copy of `@symfonic/store-drizzle`. */
  static override isInstance(error: unknown): error is DatabaseUnavailable {
    return (
      MemoryUnavailable.isInstance(error) &&
      typeof (error as { databaseCode?: unknown }).databaseCode === 'string' &&
      typeof (error as { problem?: unknown }).problem === 'string'
    );
  }
}
