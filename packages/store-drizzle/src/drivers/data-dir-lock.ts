import { randomUUID } from 'node:crypto';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { toMemoryUnavailable } from '../database/to-memory-unavailable.js';
import { DataDirUnavailable } from './data-dir-unavailable.js';

/** The lock file inside a PGlite data folder (PGlite and PostgreSQL ignore files they do not know). */
export const lockFileName = 'symfonic.lock';

/** What a lock file holds: who took the folder, when, and a token only that taking knows. */
interface LockContent {
  readonly pid: number;
  readonly hostname: string;
  readonly since: string;
  readonly token: string;
}

/** The lock a folder's opener holds until the store closes. */
export interface DataDirLock {
  /** Release the folder, once; a lock another process has since recovered is left alone. */
  release(): Promise<void>;
}

/** The folders this process holds, by path, with the token of each taking. */
const heldHere = new Map<string, string>();

/** How often a lock that keeps changing hands under us is tried before giving up. */
const attempts = 5;

function failureCode(error: unknown): unknown {
  return (error as { code?: unknown } | undefined)?.code;
}

function fileSystemFailure(dataDir: string, error: unknown): Error {
  return (
    DataDirUnavailable.fromFileSystem(dataDir, error) ??
    toMemoryUnavailable(error, `lock the PGlite folder ${dataDir}`)
  );
}

/** The lock file's text and content, `undefined` once it is gone; content `undefined` when it is not a lock this code wrote. */
async function readLock(
  path: string,
): Promise<{ text: string; content: LockContent | undefined } | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (failureCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockContent>;
    const wellFormed =
      Number.isInteger(parsed.pid) &&
      typeof parsed.hostname === 'string' &&
      typeof parsed.since === 'string' &&
      typeof parsed.token === 'string';
    return { text, content: wellFormed ? (parsed as LockContent) : undefined };
  } catch {
    return { text, content: undefined };
  }
}

/**
 * Whether the lock's taker may still hold the folder. A lock from another
 * host cannot be checked and counts as held; one with this process's pid is
 * held only if this process took it (a dead process's pid is reused, e.g.
 * pid 1 in every container); another pid is held while it runs
 * (`process.kill(pid, 0)`: `EPERM` means it runs under another user).
 */
function isHeld(dataDir: string, content: LockContent): boolean {
  if (content.hostname !== hostname()) return true;
  if (content.pid === process.pid) return heldHere.get(dataDir) === content.token;
  try {
    process.kill(content.pid, 0);
    return true;
  } catch (error) {
    return failureCode(error) !== 'ESRCH';
  }
}

/**
 * Remove a lock left by a dead process, unless someone replaced it since it
 * was read: the lock is moved aside (an atomic rename only one recoverer
 * wins), checked to be the stale one, and put back when it is not.
 */
async function removeStale(path: string, staleText: string): Promise<void> {
  const aside = `${path}.${randomUUID()}.stale`;
  try {
    await rename(path, aside);
  } catch (error) {
    if (failureCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await readLock(aside);
  if (moved && moved.text !== staleText) {
    await link(aside, path).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
}

/**
 * Take `dataDir` (an absolute path to an existing folder) for this process
 * until the lock is released: the lock file is written whole under a unique
 * name, then hard-linked to {@link lockFileName}, which fails when the file
 * exists, so a reader never sees a half-written lock and two openers never
 * both succeed. A lock whose taker is gone (see {@link isHeld}) is recovered.
 *
 * @throws DataDirUnavailable `locked`, naming the holder, when another live
 * process or another store of this process holds the folder; `not-writable`
 * or `missing` when the lock file cannot be written.
 * @throws MemoryUnavailable for any other failure of the file system.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const path = join(dataDir, lockFileName);
  const mine: LockContent = {
    pid: process.pid,
    hostname: hostname(),
    since: new Date().toISOString(),
    token: randomUUID(),
  };
  const draft = `${path}.${mine.token}`;
  try {
    await writeFile(draft, JSON.stringify(mine), { flag: 'wx' });
  } catch (error) {
    throw fileSystemFailure(dataDir, error);
  }
  try {
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        await link(draft, path);
        heldHere.set(dataDir, mine.token);
        return { release: () => release(dataDir, path, mine.token) };
      } catch (error) {
        if (failureCode(error) !== 'EEXIST') throw fileSystemFailure(dataDir, error);
      }
      const current = await readLock(path).catch((error: unknown) => {
        throw fileSystemFailure(dataDir, error);
      });
      if (!current) continue;
      if (current.content && isHeld(dataDir, current.content)) {
        const { pid, hostname: host, since } = current.content;
        throw new DataDirUnavailable(dataDir, 'locked', {
          holder: { pid, hostname: host, since: new Date(since) },
          ...(pid === process.pid ? { detail: 'this process: close the other store first' } : {}),
        });
      }
      await removeStale(path, current.text).catch((error: unknown) => {
        throw fileSystemFailure(dataDir, error);
      });
    }
    throw new DataDirUnavailable(dataDir, 'locked', {
      detail: `its lock changed hands ${attempts} times while this process tried to take it`,
    });
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

async function release(dataDir: string, path: string, token: string): Promise<void> {
  if (heldHere.get(dataDir) !== token) return;
  heldHere.delete(dataDir);
  const current = await readLock(path);
  if (current?.content?.token === token) await unlink(path);
}
