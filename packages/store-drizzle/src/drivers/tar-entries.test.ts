import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tarEntries } from './tar-entries.js';

const directory = mkdtempSync(join(tmpdir(), 'symfonic-tar-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A ustar archive of `files` made by the system's `tar`, paths as given. */
function archiveOf(files: Record<string, string>, extraArguments: string[] = []): Buffer {
  const root = mkdtempSync(join(directory, 'root-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content, { mode: 0o600 });
  }
  const archive = join(root, '..', `${root.split('/').at(-1)}.tar`);
  execFileSync('tar', ['--format=ustar', '-cf', archive, '-C', root, ...extraArguments, '.']);
  return readFileSync(archive);
}

describe('tarEntries', () => {
  it('reads the files and folders of a ustar archive, with their bytes and modes', () => {
    const entries = tarEntries(
      archiveOf({ PG_VERSION: '18\n', 'base/5/1259': 'x'.repeat(1_000), 'global/empty': '' }),
    );
    const files = Object.fromEntries(
      entries
        .filter((entry) => entry.kind === 'file')
        .map((entry) => [entry.path, [Buffer.from(entry.data).toString(), entry.mode]]),
    );
    expect(files).toEqual({
      PG_VERSION: ['18\n', 0o600],
      'base/5/1259': ['x'.repeat(1_000), 0o600],
      'global/empty': ['', 0o600],
    });
    expect(
      entries
        .filter((entry) => entry.kind === 'folder')
        .map((entry) => entry.path)
        .sort(),
    ).toEqual(['base', 'base/5', 'global']);
  });

  it('refuses an archive cut short, a damaged header and a path leaving the archive', () => {
    const archive = archiveOf({ 'a/b': 'hello' });
    expect(() => tarEntries(archive.subarray(0, 1_024))).toThrow(/cut short/);
    const damaged = Buffer.from(archive);
    damaged[600] = (damaged[600] ?? 0) ^ 0xff;
    expect(() => tarEntries(damaged)).toThrow(/checksum/);
    const escaping = archiveOf({ 'a/b': 'hello' }, ['--transform=s,^\\./a,../a,']);
    expect(() => tarEntries(escaping)).toThrow(/outside the archive/);
  });
});
