import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, type DataDirLock, lockFileName } from './data-dir-lock.js';
import { DataDirUnavailable } from './data-dir-unavailable.js';

const directory = mkdtempSync(join(tmpdir(), 'symfonic-lock-recovery-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The built lock module, which the racing child processes import. */
const builtLock = pathToFileURL(
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'drivers', 'data-dir-lock.js'),
).href;

/** A pid no process has: that of a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined) throw new Error('no child process could be started');
  return child.pid;
}

/** A lock file's content, as a process `pid` writes it. */
function lockText(pid: number, token = randomUUID()): string {
  return JSON.stringify({ pid, hostname: hostname(), since: new Date(0).toISOString(), token });
}

/** Leave in `dataDir` the lock a process `pid` wrote and never released; its text. */
function leaveStaleLock(dataDir: string, pid: number): string {
  const text = lockText(pid);
  writeFileSync(join(dataDir, lockFileName), text);
  return text;
}

/** The name of the first recovery claim on the lock `text`. */
function claimName(text: string): string {
  return `${lockFileName}.${createHash('sha256').update(text).digest('hex').slice(0, 32)}.claim`;
}

/** Let `turns` rounds of the event loop pass: a barrier that orders the openers without a clock. */
async function yieldTurns(turns: number): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Every outcome that is not a holding must be a refusal of a locked folder. */
function expectRefusedAsLocked(outcome: PromiseSettledResult<DataDirLock>): void {
  if (outcome.status === 'fulfilled') return;
  expect(DataDirUnavailable.isInstance(outcome.reason) && outcome.reason.problem).toBe('locked');
}

describe('recovering a stale PGlite folder lock leaves exactly one holder', () => {
  it.each([
    { left: 'by a dead process', pid: deadPid },
    { left: 'under this process pid by an earlier process', pid: () => process.pid },
  ])('in one process: 4 openers race to recover a lock left $left, 300 rounds', async ({ pid }) => {
    const dataDir = join(directory, `one-process-${randomUUID()}`);
    mkdirSync(dataDir);
    const stalePid = pid();
    const holdersPerRound: number[] = [];
    for (let round = 0; round < 300; round += 1) {
      leaveStaleLock(dataDir, stalePid);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 4 }, async (_, opener) => {
          await yieldTurns((opener * round) % 4);
          return acquireDataDirLock(dataDir);
        }),
      );
      outcomes.forEach(expectRefusedAsLocked);
      const holders = outcomes.flatMap((outcome) =>
        outcome.status === 'fulfilled' ? [outcome.value] : [],
      );
      holdersPerRound.push(holders.length);
      for (const holder of holders) await holder.release();
      // Released, the folder keeps no lock, draft or claim behind.
      expect(readdirSync(dataDir)).toEqual([]);
    }
    expect(holdersPerRound.filter((holders) => holders !== 1)).toEqual([]);
  });

  it('steps over the claims of recoverers that died recovering, 100 rounds', async () => {
    const dataDir = join(directory, `dead-recoverers-${randomUUID()}`);
    mkdirSync(dataDir);
    const gone = deadPid();
    const holdersPerRound: number[] = [];
    for (let round = 0; round < 100; round += 1) {
      const stale = leaveStaleLock(dataDir, gone);
      // Two recoverers died in turn, each holding the claim it took.
      const firstRecoverer = randomUUID();
      writeFileSync(join(dataDir, claimName(stale)), lockText(gone, firstRecoverer));
      writeFileSync(join(dataDir, `${claimName(stale)}.${firstRecoverer}`), lockText(gone));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 4 }, async (_, opener) => {
          await yieldTurns((opener * round) % 4);
          return acquireDataDirLock(dataDir);
        }),
      );
      outcomes.forEach(expectRefusedAsLocked);
      const holders = outcomes.flatMap((outcome) =>
        outcome.status === 'fulfilled' ? [outcome.value] : [],
      );
      holdersPerRound.push(holders.length);
      for (const holder of holders) await holder.release();
      expect(readdirSync(dataDir)).toEqual([]);
    }
    expect(holdersPerRound.filter((holders) => holders !== 1)).toEqual([]);
  });

  it('refuses to open while a live process recovers the stale lock, and leaves both files', async () => {
    const dataDir = join(directory, `live-recoverer-${randomUUID()}`);
    mkdirSync(dataDir);
    const stale = leaveStaleLock(dataDir, deadPid());
    writeFileSync(join(dataDir, claimName(stale)), lockText(process.ppid));
    const failure = await acquireDataDirLock(dataDir).catch((error: unknown) => error);
    expect(DataDirUnavailable.isInstance(failure) && failure.problem).toBe('locked');
    expect((failure as Error).message).toContain('recovering the lock of a process that is gone');
    expect(readdirSync(dataDir).sort()).toEqual([lockFileName, claimName(stale)].sort());
  });

  describe('across processes', () => {
    /**
     * A child that takes the folder `argv[1]` each time it reads `take`
     * (printing `held` or `refused <problem>`), and releases it on `release`
     * (printing `released`).
     */
    const racerSource = `
import { createInterface } from 'node:readline';
const { acquireDataDirLock } = await import(process.argv[2]);
let lock;
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'take') {
    try {
      lock = await acquireDataDirLock(process.argv[1]);
      console.log('held');
    } catch (error) {
      console.log('refused ' + (error.problem ?? error.message));
    }
  } else if (line === 'release') {
    await lock?.release();
    lock = undefined;
    console.log('released');
  }
}
`;

    interface Racer {
      readonly child: ChildProcessWithoutNullStreams;
      readonly line: () => Promise<string>;
    }

    function startRacer(dataDir: string): Racer {
      const child = spawn(process.execPath, [
        '--input-type=module',
        '-e',
        racerSource,
        dataDir,
        builtLock,
      ]);
      const lines: string[] = [];
      const waiting: ((line: string) => void)[] = [];
      let buffered = '';
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
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
      return {
        child,
        line: () => {
          const ready = lines.shift();
          if (ready !== undefined) return Promise.resolve(ready);
          return new Promise((resolve, reject) => {
            waiting.push(resolve);
            exited.then(() => reject(new Error(`the racer exited: ${stderr}`)));
          });
        },
      };
    }

    const dataDir = join(directory, 'processes');
    let racers: Racer[] = [];
    beforeAll(async () => {
      mkdirSync(dataDir);
      racers = Array.from({ length: 3 }, () => startRacer(dataDir));
      for (const racer of racers) expect(await racer.line()).toBe('ready');
    });
    afterAll(() => {
      for (const { child } of racers) child.kill();
    });

    it('3 child processes race to recover a dead process lock, 200 rounds', async () => {
      const stalePid = deadPid();
      const holdersPerRound: number[] = [];
      for (let round = 0; round < 200; round += 1) {
        leaveStaleLock(dataDir, stalePid);
        for (const { child } of racers) child.stdin.write('take\n');
        const answers = await Promise.all(racers.map((racer) => racer.line()));
        for (const answer of answers) expect(answer).toMatch(/^(held|refused locked)$/);
        holdersPerRound.push(answers.filter((answer) => answer === 'held').length);
        for (const { child } of racers) child.stdin.write('release\n');
        for (const racer of racers) expect(await racer.line()).toBe('released');
        expect(readdirSync(dataDir)).toEqual([]);
      }
      expect(holdersPerRound.filter((holders) => holders !== 1)).toEqual([]);
    });
  });
});
