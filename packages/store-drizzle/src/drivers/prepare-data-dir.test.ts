import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryUnavailable } from '@symfonic/core';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirUnavailable } from './data-dir-unavailable.js';
import { prepareDataDir } from './prepare-data-dir.js';

const directory = mkdtempSync(join(tmpdir(), 'symfonic-data-dir-'));
// Other users may enter it: the not-writable case runs as one when the tests run as root.
chmodSync(directory, 0o755);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const packageFolder = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function failureOf(dataDir: string): Promise<DataDirUnavailable> {
  const failure = await prepareDataDir(dataDir).catch((error: unknown) => error);
  expect(DataDirUnavailable.isInstance(failure)).toBe(true);
  expect(MemoryUnavailable.isInstance(failure)).toBe(true);
  return failure as DataDirUnavailable;
}

/**
 * The problem `openPGliteStore` reports for `dataDir`, from a root process
 * stripped of the capabilities that let root write and read anywhere
 * (util-linux `setpriv`): the folder modes then apply to it as to anyone,
 * while it can still read this checkout, wherever the checkout lies.
 */
function problemWithoutOverride(dataDir: string): Promise<string> {
  const source = `
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
await openPGliteStore({ dataDir: process.argv[1] }).then(
  (store) => { console.log('opened'); return store.close(); },
  (error) => console.log(error.problem + ' ' + error.message),
);`;
  return new Promise((resolve, reject) => {
    const child = spawn(
      'setpriv',
      [
        '--inh-caps=-all',
        '--bounding-set=-dac_override,-dac_read_search',
        '--',
        process.execPath,
        '--input-type=module',
        '-e',
        source,
        dataDir,
      ],
      { cwd: packageFolder },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('close', () => resolve(stdout.trim()));
  });
}

describe('prepareDataDir', () => {
  it('creates the folder and every missing folder above it', async () => {
    const dataDir = join(directory, 'fresh-project', '.symfonic', 'memory');
    expect(await prepareDataDir(dataDir)).toBe(dataDir);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('resolves a relative path, so the error and the lock name one folder', async () => {
    const relative = join('.', 'relative-memory');
    const folder = await prepareDataDir(relative);
    try {
      expect(folder).toBe(join(process.cwd(), 'relative-memory'));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses a path that is a file, or under one, as not a folder, naming it', async () => {
    const file = join(directory, 'a-file');
    writeFileSync(file, 'not a directory');
    const itself = await failureOf(file);
    expect(itself.problem).toBe('not-a-folder');
    expect(itself.dataDir).toBe(file);
    expect(itself.message).toContain(file);
    const below = await failureOf(join(file, 'memory'));
    expect(below.problem).toBe('not-a-folder');
    expect(below.message).toContain(join(file, 'memory'));
    expect(below.message).toContain('ENOTDIR');
  });

  it('refuses a folder holding other files, and writes nothing into it', async () => {
    const notes = join(directory, 'notes');
    mkdirSync(notes);
    writeFileSync(join(notes, 'todo.txt'), 'buy milk');
    const failure = await failureOf(notes);
    expect(failure.problem).toBe('not-a-pglite-folder');
    expect(failure.message).toContain(notes);
    expect(readdirSync(notes)).toEqual(['todo.txt']);
  });

  it('says a folder is not writable when this process may not create it', async () => {
    const readOnly = join(directory, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    const dataDir = join(readOnly, 'memory');
    // root may write anywhere: ask from a root process without that power instead.
    const report =
      process.getuid?.() === 0
        ? await problemWithoutOverride(dataDir)
        : await prepareDataDir(dataDir).then(
            () => 'opened',
            (error: DataDirUnavailable) => `${error.problem} ${error.message}`,
          );
    expect(report).toMatch(/^not-writable /);
    expect(report).toContain(dataDir);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('calls a folder that vanished missing', async () => {
    const gone = join(directory, 'gone');
    const failure = await readdir(gone).catch((error: unknown) => error);
    const translated = DataDirUnavailable.fromFileSystem(gone, failure);
    expect(translated?.problem).toBe('missing');
    expect(translated?.message).toBe(
      `the memory store could not open the PGlite folder ${gone}: it does not exist and could not be created (failure code ENOENT)`,
    );
    expect(translated?.cause).toBe(failure);
  });
});
