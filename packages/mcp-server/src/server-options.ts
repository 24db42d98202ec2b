import { parseArgs } from 'node:util';
import { Limits } from '@symfonic/core';
import { type MemoryPrincipal, memoryPrincipalSchema } from './memory-principal.js';
import { StartupFailure } from './startup-failure.js';

/** The embedders `--embedder` chooses from. */
export const embedderNames = ['local', 'none'] as const;

/** Where memories are kept: a PGlite folder, or a PostgreSQL/Neon server. */
export type StorageChoice =
  | { readonly kind: 'pglite'; readonly dataDir: string }
  | { readonly kind: 'postgres'; readonly databaseUrl: string };

/** How the server was asked to run: over stdio for one principal, or over HTTP for the token file's. */
export type TransportChoice =
  | { readonly kind: 'stdio'; readonly principal: MemoryPrincipal }
  | {
      readonly kind: 'http';
      readonly host: string;
      readonly port: number;
      readonly tokensPath: string;
    };

/** The command line of `symfonic-mcp`, checked. */
export interface ServerOptions {
  readonly storage: StorageChoice;
  readonly transport: TransportChoice;
  readonly embedder: (typeof embedderNames)[number];
  readonly recallLimit: number;
  readonly allowForgetAll: boolean;
}

/** What the command line asks for: to run, or to print the help or the version. */
export type CommandLine =
  | { readonly kind: 'run'; readonly options: ServerOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'version' };

/** The environment variable read when `--database-url` is not given (keeps a password out of process listings). */
export const databaseUrlVariable = 'SYMFONIC_DATABASE_URL';

/** The most memories `--recall-limit` allows. */
export const largestRecallLimit = 100;

const flags = {
  data: { type: 'string' },
  'database-url': { type: 'string' },
  http: { type: 'string' },
  tokens: { type: 'string' },
  tenant: { type: 'string' },
  user: { type: 'string' },
  conversation: { type: 'string' },
  'allow-forget-all': { type: 'boolean' },
  'recall-limit': { type: 'string' },
  embedder: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

function listenAddress(value: string): { host: string; port: number } {
  const match = /^(\[[0-9a-fA-F:]+\]|[^:[\]]+):(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  if (!match?.[1] || !Number.isInteger(port) || port > 65_535) {
    throw new StartupFailure(`--http ${value}: expected HOST:PORT, e.g. 127.0.0.1:8787`);
  }
  return { host: match[1].replace(/^\[|\]$/g, ''), port };
}

function principalOf(values: {
  tenant?: string;
  user?: string;
  conversation?: string;
}): MemoryPrincipal {
  if (values.tenant === undefined || values.user === undefined) {
    throw new StartupFailure('over stdio, give --tenant and --user (whose memory this is)');
  }
  const { tenant, user, conversation } = values;
  const parsed = memoryPrincipalSchema.safeParse(
    conversation === undefined ? { tenant, user } : { tenant, user, conversation },
  );
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new StartupFailure(
      `--${String(issue?.path[0] ?? 'tenant')}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

/**
 * Read `symfonic-mcp`'s arguments (without `node` and the script).
 *
 * @param environment where {@link databaseUrlVariable} is read.
 * @throws StartupFailure (one line, exit code 2) for an unknown flag, a
 *   missing or malformed value, or flags that do not go together.
 */
export function parseCommandLine(
  args: readonly string[],
  environment: Readonly<Record<string, string | undefined>> = {},
): CommandLine {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof flags }>>['values'];
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: flags,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new StartupFailure(`${(error as Error).message} (see --help)`);
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const databaseUrl = values['database-url'] ?? environment[databaseUrlVariable];
  if (values.data !== undefined && values['database-url'] !== undefined) {
    throw new StartupFailure('give --data or --database-url, not both');
  }
  let storage: StorageChoice;
  if (values.data !== undefined) {
    if (values.data.trim() === '') throw new StartupFailure('--data: the folder is empty');
    storage = { kind: 'pglite', dataDir: values.data };
  } else if (
    values['database-url'] === undefined &&
    databaseUrl !== undefined &&
    databaseUrl.trim() !== '' &&
    !/^[a-z][a-z0-9+.-]+:/i.test(databaseUrl)
  ) {
    // SYMFONIC_DATABASE_URL holds a folder, as every Symfonic program reads it (openStore).
    storage = { kind: 'pglite', dataDir: databaseUrl };
  } else if (databaseUrl !== undefined && databaseUrl !== '') {
    if (!/^postgres(?:ql)?:\/\//.test(databaseUrl)) {
      throw new StartupFailure('--database-url: expected a postgres:// or postgresql:// URL');
    }
    storage = { kind: 'postgres', databaseUrl };
  } else {
    throw new StartupFailure(
      'give --data <folder> (embedded PGlite) or --database-url <postgres://…> (see --help)',
    );
  }

  let transport: TransportChoice;
  if (values.http !== undefined) {
    if (
      values.tenant !== undefined ||
      values.user !== undefined ||
      values.conversation !== undefined
    ) {
      throw new StartupFailure(
        'over --http the token file decides whose memory a request reaches: drop --tenant, --user and --conversation',
      );
    }
    if (values.tokens === undefined) {
      throw new StartupFailure('--http needs --tokens <file> (which bearer token is whose memory)');
    }
    transport = { kind: 'http', ...listenAddress(values.http), tokensPath: values.tokens };
  } else {
    if (values.tokens !== undefined) throw new StartupFailure('--tokens goes with --http');
    transport = { kind: 'stdio', principal: principalOf(values) };
  }

  const embedder = values.embedder ?? 'local';
  if (!(embedderNames as readonly string[]).includes(embedder)) {
    throw new StartupFailure(`--embedder ${embedder}: expected one of ${embedderNames.join(', ')}`);
  }
  const recallLimit = Number(values['recall-limit'] ?? 12);
  if (
    !Number.isInteger(recallLimit) ||
    recallLimit < 1 ||
    recallLimit > Math.min(largestRecallLimit, Limits.queryLimit)
  ) {
    throw new StartupFailure(
      `--recall-limit: expected a whole number from 1 to ${largestRecallLimit}`,
    );
  }
  return {
    kind: 'run',
    options: {
      storage,
      transport,
      embedder: embedder as ServerOptions['embedder'],
      recallLimit,
      allowForgetAll: values['allow-forget-all'] === true,
    },
  };
}
