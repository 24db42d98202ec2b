import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodes } from './exit-codes.js';
import { runSymfonicBin, symfonicBin } from './testing/run-symfonic-bin.js';
import { seedScopes } from './testing/seed-scopes.js';

describe('symfonic on a PGlite folder', () => {
  let folder: string;
  let dataDir: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'symfonic-cli-'));
    dataDir = join(folder, 'memory');
    await seedScopes(dataDir);
  }, 120_000);
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('inspects a user: memories, pinned facts, scopes and counts, never another user', async () => {
    const { code, stdout, stderr } = await runSymfonicBin([
      'inspect',
      'acme/user:42',
      '--data',
      dataDir,
      '--json',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(exitCodes.ok);
    const report = JSON.parse(stdout);
    expect(report.scope).toBe('acme/user:42');
    expect(report.memories.map((record: { text: string }) => record.text)).toEqual([
      'The user lives in Lyon',
      'The user plays the cello',
    ]);
    expect(report.pinned.map((record: { text: string }) => record.text)).toEqual([
      'The user lives in Lyon',
    ]);
    expect(report.counts).toMatchObject({ memories: 2, semantic: 2, pinned: 1 });
    expect(stdout).not.toContain('Another user entirely');
  }, 60_000);

  it('recalls the block hydrate builds, with every dropped row and its reason', async () => {
    const { code, stdout } = await runSymfonicBin([
      'recall',
      'acme/user:42/conversation:1',
      'where does the user live?',
      '--data',
      dataDir,
    ]);
    expect(code).toBe(exitCodes.ok);
    expect(stdout).toMatch(/^block\n {2}\[semantic #1\] The user lives in Lyon\n/);
    expect(stdout).toContain('[working] user: I moved to Lyon');
    expect(stdout).toMatch(/\ndropped: \d+\n/);
    const json = JSON.parse(
      (
        await runSymfonicBin([
          'recall',
          'acme/user:42/conversation:1',
          'where does the user live?',
          '--data',
          dataDir,
          '--json',
        ])
      ).stdout,
    );
    expect(json.text).toContain('[semantic #1] The user lives in Lyon');
    for (const dropped of json.dropped) expect(dropped.reason.length).toBeGreaterThan(0);
  }, 60_000);

  it('asks before forgetting, and erases nothing unless the answer is yes', async () => {
    const declined = await runSymfonicBin(['forget', 'acme/user:7', '--data', dataDir], {
      stdin: 'no\n',
    });
    expect(declined.code).toBe(exitCodes.notConfirmed);
    expect(declined.stderr).toBe(
      'Erase acme/user:7 and everything below it (memories, their history, turns)? This cannot be undone. [y/N] symfonic: not confirmed: nothing was erased (answer y, or pass --yes)\n',
    );
    const still = await runSymfonicBin(['inspect', 'acme/user:7', '--data', dataDir, '--json']);
    expect(JSON.parse(still.stdout).counts.memories).toBe(1);
    const erased = await runSymfonicBin(['forget', 'acme/user:7', '--data', dataDir], {
      stdin: 'yes\n',
    });
    expect(erased.code).toBe(exitCodes.ok);
    expect(erased.stdout).toBe('erased acme/user:7: 1 memories, 0 turns\n');
  }, 90_000);
});

describe('symfonic progress', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'symfonic-cli-tty-'));
    await seedScopes(join(folder, 'memory'));
  }, 120_000);
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('draws a bar on stderr when it is a terminal, and keeps the dump on stdout clean', async () => {
    // util-linux `script` runs the command on a pseudo-terminal; stdout goes to a file.
    const command = `"${process.execPath}" "${symfonicBin}" export acme --data memory > dump.jsonl`;
    const terminal = await new Promise<string>((resolve, reject) =>
      execFile(
        'script',
        ['-q', '-e', '-c', command, '/dev/null'],
        { cwd: folder },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    );
    expect(terminal).toMatch(/exporting \[[^\]]*\] 5\/5 memories and turns/);
    const dump = (await readFile(join(folder, 'dump.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(dump).toHaveLength(7);
    for (const line of dump) expect(JSON.parse(line)).toHaveProperty('kind');
  }, 60_000);
});

/** A two-line dump of `acme/user:42`: one memory, no turns. */
const acmeDump = `${[
  '{"kind":"header","format":"symfonic-dump/1","scope":{"tenant":"acme","path":["user:42"]},"exportedAt":"2026-12-01T09:00:00.000Z"}',
  '{"kind":"memory","id":"00000000-0000-4000-8000-000000000001","scope":{"tenant":"acme","path":["user:42"]},"createdAt":"2026-11-02T09:00:00.000Z","updatedAt":"2026-11-02T09:00:00.000Z","deleted":false,"versions":[{"version":1,"change":"created","layer":"semantic","text":"The user lives in Lyon","salience":0.9,"provenance":{"writer":"app"},"at":"2026-11-02T09:00:00.000Z"}]}',
  '{"kind":"end","memories":1,"turns":0}',
].join('\n')}\n`;

describe('symfonic import into another tenant', () => {
  it('refuses a dump that would cross tenants (exit 2), and moves it with an explicit remap', async () => {
    const crossing = await runSymfonicBin(
      ['import', '--into', 'globex', '--database-url', 'memory:'],
      {
        stdin: acmeDump,
      },
    );
    expect(crossing.code).toBe(exitCodes.usage);
    expect(crossing.stderr).toMatch(
      /^symfonic: refused dump: it holds tenant "acme", and importing it into tenant "globex" crosses tenants; /,
    );
    const moved = await runSymfonicBin(
      ['import', '--remap-from', 'acme', '--remap-to', 'globex', '--into', 'globex', '--json'],
      { stdin: acmeDump, environment: { SYMFONIC_DATABASE_URL: 'memory:' } },
    );
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(exitCodes.ok);
    expect(JSON.parse(moved.stdout)).toMatchObject({ imported: { memories: 1, turns: 0 } });
    const half = await runSymfonicBin([
      'import',
      '--remap-from',
      'acme',
      '--database-url',
      'memory:',
    ]);
    expect(half.code).toBe(exitCodes.usage);
    expect(half.stderr).toBe('symfonic: --remap-from and --remap-to go together\n');
  });
});

describe('symfonic on a terminal', () => {
  /** Whether `output` holds a control or bidi character besides the line ends it is made of. */
  const raw = (output: string) =>
    /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(output.replaceAll('\n', ''));
  const header =
    '{"kind":"header","format":"symfonic-dump/1","scope":{"tenant":"acme","path":[]},"exportedAt":"1970-01-01T00:00:00.000Z"}';

  it("escapes a dump's controls quoted in a refused line, and keeps them exact in --json", async () => {
    const id = '\u001b]0;owned\u0007\u202eevil';
    const dump = `${header}\n${JSON.stringify({ kind: 'memory\u001b[2J', id })}\n{"kind":"end","memories":0,"turns":0}\n`;
    const human = await runSymfonicBin(['import', '--database-url', 'memory:'], { stdin: dump });
    expect(human.code).toBe(exitCodes.refused);
    expect(raw(human.stderr)).toBe(false);
    expect(human.stderr).toContain(
      'line 2 (unknown \\u001b]0;owned\\u0007\\u202eevil): malformed: expected a "memory" or "turn" line, found a "memory\\u001b[2J" line',
    );
    const json = await runSymfonicBin(['import', '--database-url', 'memory:', '--json'], {
      stdin: dump,
    });
    expect(JSON.parse(json.stdout).refused[0].id).toBe(id);
  });

  it('escapes the controls a failure message quotes', async () => {
    const dump = `${header.replace('symfonic-dump/1', 'x\\u001b[31m\\u0085')}\n`;
    const run = await runSymfonicBin(['import', '--database-url', 'memory:'], { stdin: dump });
    expect(run.code).toBe(exitCodes.usage);
    expect(raw(run.stderr)).toBe(false);
    expect(run.stderr).toContain('its format is "x\\u001b[31m\\u0085"');
  });
});

describe('symfonic command-line failures', () => {
  it('says no store was given (exit 2)', async () => {
    const { code, stdout, stderr } = await runSymfonicBin(['inspect', 'acme/user:42']);
    expect(code).toBe(exitCodes.usage);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'symfonic: no store given: pass --data DIR (embedded PGlite) or --database-url postgres://…, or set SYMFONIC_DATABASE_URL\n',
    );
  });

  it('says what is wrong with a scope (exit 2)', async () => {
    const { code, stderr } = await runSymfonicBin([
      'inspect',
      'acme//x',
      '--database-url',
      'memory:',
    ]);
    expect(code).toBe(exitCodes.usage);
    expect(stderr).toBe(
      'symfonic: <scope> "acme//x": invalid memory scope: path.0: a scope segment cannot be empty (write it as tenant/segment/…, e.g. acme/user:42)\n',
    );
  });

  it('refuses an unknown command and a malformed target (exit 2)', async () => {
    expect((await runSymfonicBin(['bogus'])).code).toBe(exitCodes.usage);
    const { code, stderr } = await runSymfonicBin([
      'inspect',
      'acme',
      '--database-url',
      'mysql://x/y',
    ]);
    expect(code).toBe(exitCodes.usage);
    expect(stderr).toBe(
      'symfonic: a store target of scheme "mysql:" opens no store: give a folder (embedded PGlite), a postgres:// URL (PostgreSQL or Neon) or memory: (in this process, nothing kept)\n',
    );
  });

  it('says no server answers, never the password (exit 3)', async () => {
    const { code, stderr } = await runSymfonicBin(['inspect', 'acme'], {
      environment: { SYMFONIC_DATABASE_URL: 'postgres://app:hunter2@127.0.0.1:1/app' },
    });
    expect(code).toBe(exitCodes.storeUnavailable);
    expect(stderr).toBe(
      'symfonic: the memory store could not open the database: no PostgreSQL server answered at that host and port: check the host and port in the URL, and that the server is running (failure code ECONNREFUSED)\n',
    );
  });
});
