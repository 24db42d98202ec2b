import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryUnavailable } from '@symfonic/core';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirUnavailable, openPGliteStore } from './open-pglite-store.js';

const directory = mkdtempSync(join(tmpdir(), 'symfonic-pglite-lock-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** This package's folder: the child imports the package by name, through its `exports`, into `dist`. */
const packageFolder = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const scope = { tenant: 'acme', path: ['user:1'] };

/** PGlite starts in seconds, several times a test, on a shared machine. */
const slow = { timeout: 180_000 };

/**
 * A second process that opens the folder `argv[1]`, logs one turn, prints
 * `opened` (or `failed <problem> <pid>`), then closes the store when it reads
 * `close` on stdin and prints `closed`.
 */
const holderSource = `
import { createInterface } from 'node:readline';
import { openPGliteStore } from '@symfonic/store-drizzle/pglite';
const scope = { tenant: 'acme', path: ['user:1'] };
let store;
try {
  store = await openPGliteStore({ dataDir: process.argv[1] });
} catch (error) {
  console.log('failed ' + error.problem + ' ' + (error.holder?.pid ?? ''));
  process.exit(0);
}
await store.append(scope, { turnId: 'from-' + process.pid, speaker: 'user', text: 'held', turn: 0 });
console.log('opened');
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'close') {
    await store.close();
    console.log('closed');
    process.exit(0);
  }
}
`;

interface Holder {
  readonly child: ChildProcessWithoutNullStreams;
  /** The next line the child prints. */
  readonly line: () => Promise<string>;
  readonly exited: Promise<void>;
}

function startHolder(dataDir: string): Holder {
  const child = spawn(process.execPath, ['--input-type=module', '-e', holderSource, dataDir], {
    cwd: packageFolder,
  });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let buffered = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const next = waiting.shift();
      if (next) next(line);
      else lines.push(line);
    }
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    child,
    exited,
    line: () => {
      const ready = lines.shift();
      if (ready !== undefined) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        waiting.push(resolve);
        exited.then(() => reject(new Error(`the holder exited: ${stderr}`)));
      });
    },
  };
}

describe('one process per PGlite folder', () => {
  it(
    'refuses a folder another live process holds, at once, naming the folder and the holder',
    slow,
    async () => {
      const dataDir = join(directory, 'held');
      const holder = startHolder(dataDir);
      expect(await holder.line()).toBe('opened');

      const failure = await openPGliteStore({ dataDir }).catch((error: unknown) => error);
      expect(DataDirUnavailable.isInstance(failure)).toBe(true);
      expect(MemoryUnavailable.isInstance(failure)).toBe(true);
      const locked = failure as DataDirUnavailable;
      expect(locked.problem).toBe('locked');
      expect(locked.dataDir).toBe(dataDir);
      expect(locked.holder?.pid).toBe(holder.child.pid);
      expect(locked.message).toContain(dataDir);
      expect(locked.message).toContain(`process ${holder.child.pid}`);

      // close releases the folder: this process opens it and reads the holder's turn.
      holder.child.stdin.write('close\n');
      expect(await holder.line()).toBe('closed');
      await holder.exited;
      const store = await openPGliteStore({ dataDir });
      try {
        const logged = await store.recent(scope, 10);
        expect(logged.map((turn) => turn.turnId)).toEqual([`from-${holder.child.pid}`]);

        // …and while this process holds it, a second process is refused in turn.
        const second = startHolder(dataDir);
        expect(await second.line()).toBe(`failed locked ${process.pid}`);
        await second.exited;
      } finally {
        await store.close();
      }
    },
  );

  it('recovers the lock of a process that died holding the folder', slow, async () => {
    const dataDir = join(directory, 'abandoned');
    const holder = startHolder(dataDir);
    expect(await holder.line()).toBe('opened');
    holder.child.kill('SIGKILL');
    await holder.exited;

    const store = await openPGliteStore({ dataDir });
    try {
      await store.append(scope, { turnId: 'after', speaker: 'user', text: 'recovered', turn: 1 });
      expect((await store.recent(scope, 1)).map((turn) => turn.turnId)).toEqual(['after']);
    } finally {
      await store.close();
    }
  });

  it(
    'refuses a second store on a folder this process has open, until the first closes',
    slow,
    async () => {
      const dataDir = join(directory, 'twice');
      const first = await openPGliteStore({ dataDir });
      const failure = await openPGliteStore({ dataDir }).catch((error: unknown) => error);
      expect(DataDirUnavailable.isInstance(failure) && failure.problem).toBe('locked');
      expect((failure as DataDirUnavailable).holder?.pid).toBe(process.pid);
      expect((failure as Error).message).toContain('close the other store first');
      await first.close();
      const again = await openPGliteStore({ dataDir });
      await again.close();
    },
  );
});
