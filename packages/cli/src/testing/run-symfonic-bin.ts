import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built `symfonic` binary (`dist/cli.js`), as npm links it: build before testing. */
export const symfonicBin = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** What one run of the binary printed and how it exited. */
export interface BinRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Run the built `symfonic` binary with `args`, `stdin` written to it (then
 * closed), and an environment without `SYMFONIC_DATABASE_URL` unless
 * `environment` sets it.
 */
export function runSymfonicBin(
  args: readonly string[],
  options: { readonly stdin?: string; readonly environment?: Record<string, string> } = {},
): Promise<BinRun> {
  const { SYMFONIC_DATABASE_URL: _unset, ...inherited } = process.env;
  const child = spawn(process.execPath, [symfonicBin, ...args], {
    env: { ...inherited, ...options.environment },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      }),
    );
  });
}
