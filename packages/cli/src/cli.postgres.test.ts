import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skippedWithoutDatabase, testDatabase } from '@symfonic/test-support/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodes } from './exit-codes.js';
import { runSymfonicBin } from './testing/run-symfonic-bin.js';
import { seedScopes } from './testing/seed-scopes.js';

const suite = 'symfonic moves a PGlite folder to PostgreSQL';
const databaseUrl = await testDatabase('symfonic_cli');
if (!databaseUrl) console.log(skippedWithoutDatabase(suite));

describe.runIf(databaseUrl)(suite, () => {
  let folder: string;
  let dataDir: string;
  const postgres = ['--database-url', databaseUrl as string];
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'symfonic-cli-move-'));
    dataDir = join(folder, 'memory');
    await seedScopes(dataDir);
  }, 120_000);
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('exports, imports into the other store, and reads back the same inspect, timeline and dump', async () => {
    const exported = await runSymfonicBin(['export', 'acme', '--data', dataDir]);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(exitCodes.ok);
    const lines = exported.stdout.trimEnd().split('\n');
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      kind: 'header',
      format: 'symfonic-dump/1',
    });
    expect(JSON.parse(lines.at(-1) as string)).toEqual({ kind: 'end', memories: 4, turns: 1 });

    const imported = await runSymfonicBin(['import', ...postgres], { stdin: exported.stdout });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(exitCodes.ok);
    expect(imported.stdout).toBe(
      'imported 4 memories and 1 turns; already present 0 memories and 0 turns; refused 0 lines\n',
    );

    for (const command of [
      ['inspect', 'acme/user:42'],
      ['inspect', 'acme/user:42', '--json'],
      ['timeline', 'acme/user:42'],
      ['timeline', 'acme', '--json'],
    ]) {
      const fromPGlite = await runSymfonicBin([...command, '--data', dataDir]);
      const fromPostgres = await runSymfonicBin([...command, ...postgres]);
      expect(fromPGlite.code).toBe(exitCodes.ok);
      expect(fromPostgres.stdout).toBe(fromPGlite.stdout);
    }

    const again = await runSymfonicBin(['export', 'acme', ...postgres]);
    expect(again.code).toBe(exitCodes.ok);
    expect(again.stdout).toBe(exported.stdout);

    const rerun = await runSymfonicBin(['import', ...postgres, '--json'], {
      stdin: exported.stdout,
    });
    expect(rerun.code).toBe(exitCodes.ok);
    expect(JSON.parse(rerun.stdout)).toEqual({
      imported: { memories: 0, turns: 0 },
      present: { memories: 4, turns: 1 },
      refused: [],
      complete: true,
    });
  }, 240_000);

  it('reports a refused line with its reason and exits 4, importing the rest', async () => {
    const exported = await runSymfonicBin(['export', 'acme/user:42', '--data', dataDir]);
    const lines = exported.stdout.trimEnd().split('\n');
    lines.splice(1, 0, '{"kind":"memory","id":"broken"}');
    const run = await runSymfonicBin(['import', ...postgres], { stdin: `${lines.join('\n')}\n` });
    expect(run.code).toBe(exitCodes.refused);
    expect(run.stderr).toMatch(/^line 2 \(memory broken\): malformed: /m);
    expect(run.stderr).toMatch(/symfonic: 1 lines were refused; the others were imported\n$/);
  }, 60_000);

  it('imports --exclusive into a new database, and refuses it into one holding other scopes', async () => {
    const target = ['--database-url', (await testDatabase('symfonic_cli_exclusive')) as string];
    const exported = await runSymfonicBin(['export', 'acme', '--data', dataDir]);
    const imported = await runSymfonicBin(['import', '--exclusive', ...target], {
      stdin: exported.stdout,
    });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(exitCodes.ok);
    expect(imported.stdout).toBe(
      'imported 4 memories and 1 turns; already present 0 memories and 0 turns; refused 0 lines\n',
    );
    const again = await runSymfonicBin(['export', 'acme', ...target]);
    expect(again.stdout).toBe(exported.stdout);

    const user = await runSymfonicBin(['export', 'acme/user:42', '--data', dataDir]);
    const refused = await runSymfonicBin(['import', '--exclusive', ...target], {
      stdin: user.stdout,
    });
    expect(refused.code).toBe(exitCodes.usage);
    expect(refused.stderr).toBe(
      'symfonic: refused exclusive import: the store already holds memories outside "acme/user:42", so its database is not the import\'s own; import without the exclusive mode, or into a new database\n',
    );
  }, 120_000);

  it('moves with two commands piped, as the root README says', async () => {
    const { execFile } = await import('node:child_process');
    const { symfonicBin } = await import('./testing/run-symfonic-bin.js');
    const target = await testDatabase('symfonic_cli_pipe');
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        '/bin/sh',
        [
          '-c',
          `node "$BIN" export acme --data "$DATA" | node "$BIN" import --database-url "$TARGET"`,
        ],
        { env: { ...process.env, BIN: symfonicBin, DATA: dataDir, TARGET: target as string } },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    );
    expect(output).toBe(
      'imported 4 memories and 1 turns; already present 0 memories and 0 turns; refused 0 lines\n',
    );
  }, 60_000);
});
