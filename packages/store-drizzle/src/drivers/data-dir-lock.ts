import { createHash, randomUUID } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
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

/**
 * The tokens of the locks and recovery claims this process holds or is
 * taking. A token joins before its file can be seen and leaves only after
 * the file is gone, so a file with this process's pid is held exactly while
 * its token is here.
 */
const tokensHere = new Set<string>();

/** How often a lock that keeps changing hands under us is tried before giving up. */
const attempts = 5;

/** How many dead recoverers in a row a recovery steps over before leaving it to a later opener. */
const claimHops = 8;

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
 * Whether the taker of a lock (or of a recovery claim) may still hold it. A lock from another
 * host cannot be checked and counts as held; one with this process's pid is
 * held only if this process took it (a dead process's pid is reused, e.g.
 * pid 1 in every container); another pid is held while it runs
 * (`process.kill(pid, 0)`: `EPERM` means it runs under another user).
 */
function isHeld(content: LockContent): boolean {
  if (content.hostname !== hostname()) return true;
  if (content.pid === process.pid) return tokensHere.has(content.token);
  try {
    process.kill(content.pid, 0);
    return true;
  } catch (error) {
    return failureCode(error) !== 'ESRCH';
  }
}

/**
 * Make `content` visible at `target` whole, or not at all: it is written
 * under a unique name, then hard-linked to `target`, which fails when
 * `target` exists. A reader never sees a half-written file.
 *
 * @returns `false` when `target` already exists.
 */
async function publish(target: string, content: LockContent): Promise<boolean> {
  const draft = `${target}.${content.token}.draft`;
  await writeFile(draft, JSON.stringify(content), { flag: 'wx' });
  try {
    await link(draft, target);
    return true;
  } catch (error) {
    if (failureCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

async function unlinkIfPresent(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if (failureCode(error) !== 'ENOENT') throw error;
  }
}

/**
 * Remove the lock `staleText` at `path`, whose taker is gone, such that no
 * two recoverers ever both remove a lock: a recoverer first publishes a claim
 * (see {@link publish}) named after the stale lock's text, which one
 * recoverer at a time can hold; holding it, it reads the lock again and
 * removes it only if it is still the stale one. Nobody else removes that
 * lock meanwhile, and a lock's text (its token) never comes back once
 * removed, so the removal can never take a newer lock. A claim whose taker
 * died is stepped over by a claim named after that taker's token, which
 * again only one recoverer can hold.
 *
 * @returns `busy` when a live recoverer holds the claim, else `done` (the
 * stale lock is gone, by this call or another).
 */
async function recoverStale(path: string, staleText: string): Promise<'done' | 'busy'> {
  const identity = createHash('sha256').update(staleText).digest('hex').slice(0, 32);
  const claimant: LockContent = {
    pid: process.pid,
    hostname: hostname(),
    since: new Date().toISOString(),
    token: randomUUID(),
  };
  tokensHere.add(claimant.token);
  try {
    const steppedOver: string[] = [];
    let claim = `${path}.${identity}.claim`;
    for (let hop = 0; hop < claimHops; hop += 1) {
      if (await publish(claim, claimant)) {
        const current = await readLock(path);
        if (current?.text === staleText) await unlinkIfPresent(path);
        for (const held of [claim, ...steppedOver]) await unlinkIfPresent(held);
        return 'done';
      }
      const holder = await readLock(claim);
      if (!holder) continue;
      if (holder.content && isHeld(holder.content)) return 'busy';
      steppedOver.push(claim);
      const dead = holder.content?.token ?? createHash('sha256').update(holder.text).digest('hex');
      claim = `${path}.${identity}.claim.${dead.slice(0, 36)}`;
    }
    return 'busy';
  } finally {
    tokensHere.delete(claimant.token);
  }
}

/**
 * Take `dataDir` (an absolute path to an existing folder) for this process
 * until the lock is released: the lock is published to {@link lockFileName}
 * (see {@link publish}), so its holder is recorded before anyone can see it
 * and two openers never both succeed. A lock whose taker is gone (see
 * {@link isHeld}) is recovered (see {@link recoverStale}) and the lock tried
 * again.
 *
 * @throws DataDirUnavailable `locked`, naming the holder, when another live
 * process or another store of this process holds the folder, or while
 * another opener recovers a stale lock; `not-writable` or `missing` when the
 * lock file cannot be written.
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
  tokensHere.add(mine.token);
  try {
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      if (await publish(path, mine)) return heldLock(path, mine.token);
      const current = await readLock(path);
      if (!current) continue;
      if (current.content && isHeld(current.content)) {
        const { pid, hostname: host, since } = current.content;
        throw new DataDirUnavailable(dataDir, 'locked', {
          holder: { pid, hostname: host, since: new Date(since) },
          ...(pid === process.pid ? { detail: 'this process: close the other store first' } : {}),
        });
      }
      if ((await recoverStale(path, current.text)) === 'busy') {
        throw new DataDirUnavailable(dataDir, 'locked', {
          detail: 'another opener is recovering the lock of a process that is gone',
        });
      }
    }
    throw new DataDirUnavailable(dataDir, 'locked', {
      detail: `its lock changed hands ${attempts} times while this process tried to take it`,
    });
  } catch (error) {
    tokensHere.delete(mine.token);
    if (DataDirUnavailable.isInstance(error)) throw error;
    throw fileSystemFailure(dataDir, error);
  }
}

/** The lock published at `path` with `token`: released once, and only while it is still this taking's. */
function heldLock(path: string, token: string): DataDirLock {
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      try {
        const current = await readLock(path);
        if (current?.content?.token === token) await unlinkIfPresent(path);
      } finally {
        tokensHere.delete(token);
      }
    },
  };
}
