import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './testing/server-process.js';

const oneLine = (text: string) => {
  const lines = text.split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(1);
  expect(text).not.toMatch(/^\s+at /m);
  return lines[0];
};

describe('symfonic-mcp start-up', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'symfonic-mcp-cli-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('documents every flag in --help', async () => {
    const { code, stdout, stderr } = await runBin(['--help']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    for (const flag of [
      '--data',
      '--database-url',
      '--http',
      '--tokens',
      '--jwks-url',
      '--jwks-file',
      '--jwt-issuer',
      '--jwt-claim',
      '--resource-url',
      '--idle-minutes',
      '--sessions-per-principal',
      '--tenant',
      '--user',
      '--conversation',
      '--recall-limit',
      '--embedder',
      '--allow-forget-all',
      '--help',
      '--version',
    ]) {
      expect(stdout).toMatch(new RegExp(`^ +(?:-h, )?${flag}(?: |$)`, 'm'));
    }
  });

  it.each([
    [['--bogus'], "Unknown option '--bogus'"],
    [['--data'], "Option '--data <value>' argument missing"],
    [['stray'], "Unexpected argument 'stray'"],
    [
      ['--tenant', 'acme', '--user', 'alice'],
      'give --data <folder> (embedded PGlite) or --database-url',
    ],
    [['--data', 'm', '--tenant', 'acme'], 'give --tenant and --user'],
    [['--data', 'm', '--tenant', 'a/b', '--user', 'u'], '--tenant: a scope segment cannot contain'],
    [['--data', 'm', '--http', '127.0.0.1:0'], '--http needs --tokens'],
    [
      ['--data', 'm', '--tenant', 'a', '--user', 'u'.repeat(124)],
      '--user: at most 123 characters (it forms the scope segment "user:<id>", at most 128)',
    ],
    [
      ['--data', 'm', '--tenant', 'a', '--user', 'u', '--conversation', 'c'.repeat(116)],
      '--conversation: at most 115 characters',
    ],
    [
      ['--data', 'm', '--tenant', 'a', '--user', 'u', '--jwks-url', 'x'],
      '--jwks-url goes with --http',
    ],
    [
      ['--data', 'm', '--http', '127.0.0.1:0', '--jwks-url', 'http://idp.example/jwks'],
      '--jwks-url: expected an https:// URL',
    ],
    [
      ['--data', 'm', '--http', '127.0.0.1:0', '--jwks-file', 'k.json'],
      '--jwks-url/--jwks-file need --jwt-issuer',
    ],
    [
      ['--data', 'm', '--http', '127.0.0.1:0', '--tokens', 't', '--idle-minutes', '0'],
      '--idle-minutes: expected a whole number from 1 to 1440',
    ],
    [['--data', 'm', '--http', 'localhost', '--tokens', 't.json'], 'expected HOST:PORT'],
    [
      ['--data', 'm', '--http', '127.0.0.1:0', '--tokens', 't', '--user', 'u'],
      'drop --tenant, --user',
    ],
    [['--data', 'm', '--tenant', 'a', '--user', 'u', '--tokens', 't'], '--tokens goes with --http'],
    [
      ['--data', 'm', '--database-url', 'postgres://x/y', '--tenant', 'a', '--user', 'u'],
      'not both',
    ],
    [['--database-url', 'mysql://x/y', '--tenant', 'a', '--user', 'u'], 'expected a postgres://'],
    [['--data', 'm', '--tenant', 'a', '--user', 'u', '--recall-limit', '0'], '--recall-limit'],
    [['--data', 'm', '--tenant', 'a', '--user', 'u', '--embedder', 'gpt'], '--embedder gpt'],
  ])('refuses %j with one line on stderr and exit code 2', async (args, message) => {
    const { code, stdout, stderr } = await runBin(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(oneLine(stderr)).toContain(message);
  });

  it.each([
    ['missing', 'cannot read the file (ENOENT)', null],
    ['not-json', 'not valid JSON', '{'],
    [
      'short',
      'a token has at least 32 characters at tokens.0.token',
      { tokens: [{ token: 'short', tenant: 'a', user: 'u' }] },
    ],
    [
      'long-user',
      'at most 123 characters (it forms the scope segment "user:<id>", at most 128) at tokens.0.user',
      { tokens: [{ token: 'x'.repeat(40), tenant: 'a', user: 'u'.repeat(124) }] },
    ],
    [
      'twice',
      'a token is listed twice',
      { tokens: [1, 2].map(() => ({ token: 'x'.repeat(40), tenant: 'a', user: 'u' })) },
    ],
  ])(
    'refuses a %s token file in one line that never shows a token',
    async (name, message, content) => {
      const path = join(folder, `${name}.json`);
      if (content !== null)
        writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
      const { code, stderr } = await runBin([
        '--data',
        join(folder, 'm'),
        '--http',
        '127.0.0.1:0',
        '--tokens',
        path,
      ]);
      expect(code).toBe(2);
      expect(oneLine(stderr)).toContain(message);
      expect(stderr).not.toContain('x'.repeat(40));
    },
  );

  it('exits 3 with one line, never the URL or its password, when the database cannot be reached', async () => {
    const { code, stdout, stderr } = await runBin([
      '--database-url',
      'postgres://someone:s3cret@127.0.0.1:1/memory',
      '--tenant',
      'acme',
      '--user',
      'alice',
    ]);
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(oneLine(stderr)).toBe(
      'symfonic-mcp: cannot open the memory database: the memory store could not open the database: no PostgreSQL server answered at that host and port: check the host and port in the URL, and that the server is running (failure code ECONNREFUSED)',
    );
    expect(stderr).not.toContain('s3cret');
  });

  it('prints the version of the package with --version', async () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    );
    expect(await runBin(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('exits 2 with one line when the --http port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const tokens = join(folder, 'tokens.json');
    writeFileSync(
      tokens,
      JSON.stringify({ tokens: [{ token: 'y'.repeat(40), tenant: 'a', user: 'u' }] }),
    );
    try {
      const { code, stderr } = await runBin([
        '--data',
        join(folder, 'busy'),
        '--http',
        `127.0.0.1:${port}`,
        '--tokens',
        tokens,
      ]);
      expect(code).toBe(2);
      expect(oneLine(stderr)).toBe(
        `symfonic-mcp: --http 127.0.0.1:${port}: cannot listen (EADDRINUSE)`,
      );
    } finally {
      taken.close();
    }
  }, 120_000); // It opens PGlite before it listens: a cold start takes seconds.

  it('exits 3 with one line when the --data folder cannot be created', async () => {
    const file = join(folder, 'a-file');
    writeFileSync(file, '');
    const { code, stderr } = await runBin([
      '--data',
      join(file, 'memory'),
      '--tenant',
      'a',
      '--user',
      'u',
    ]);
    expect(code).toBe(3);
    expect(oneLine(stderr)).toContain('cannot create the folder (ENOTDIR)');
  });
});
