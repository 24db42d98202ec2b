import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PostgreSQL server of the test's own: its data folder, its port, its life. */
export interface PrivateCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: trust authentication, no password. */
  readonly url: string;
  readonly port: number;
  /** Stop the server (`pg_ctl stop -m fast`): every connection is cut. */
  stop(): Promise<void>;
  /** Start it again on the same folder and port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stop it and delete its folder. */
  destroy(): Promise<void>;
}

/** The folder of the newest PostgreSQL server binaries Debian installed, if any. */
function serverBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((left, right) => Number(right) - Number(left));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Start a private PostgreSQL cluster for one test file: `initdb` into a temporary folder,
 * `pg_ctl start` on a free port at 127.0.0.1 (its socket in that folder too), with the
 * machine's own server binaries (Debian's, so the extensions installed for the shared
 * server, pgvector among them, are there). A test that must stop, restart or break the
 * server does it to this one, never to the server other suites and other checkouts share.
 * Durability is off (`fsync=off`): the folder is thrown away.
 *
 * PostgreSQL refuses to run as root: as root the cluster is run as the `postgres` account
 * (`runuser`), which owns the folder.
 *
 * @returns `undefined` when no server binaries are installed (the caller skips and says so).
 * @throws (rejects) when `initdb` or `pg_ctl` fails, with their output.
 */
export async function startPrivateCluster(): Promise<PrivateCluster | undefined> {
  const binaries = serverBinaries();
  if (!binaries) return undefined;
  const folder = await mkdtemp(join(tmpdir(), 'symfonic-cluster-'));
  const data = join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(binaries, name), ...args])
      : run(join(binaries, name), args);
  const port = await freePort();
  await tool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${folder}`,
    '-c fsync=off',
    '-c shared_buffers=32MB',
    '-c max_connections=40',
  ].join(' ');
  const start = async () => {
    await tool('pg_ctl', ['-D', data, '-o', options, '-l', join(folder, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => {
      await stop();
      running = false;
    },
    start: async () => {
      await start();
      running = true;
    },
    destroy: async () => {
      if (running) await stop().catch(() => undefined);
      running = false;
      await rm(folder, { recursive: true, force: true });
    },
  };
}
