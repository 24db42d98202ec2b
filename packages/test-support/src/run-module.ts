import { spawn } from 'node:child_process';

/**
 * Run `source` as an ES module with this Node, read from stdin, in
 * `directory`: bare imports resolve from that folder's `node_modules`, and a
 * package's own name resolves through its `exports` into its `dist`, as it
 * would for a user of the published package. Nothing is written to disk.
 *
 * @returns what the module printed on stdout.
 * @throws (rejects) an `Error` naming the exit code and carrying stderr when
 *   the module exits non-zero, or the spawn error when Node cannot start.
 */
export function runModule(source: string, directory: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module'], { cwd: directory });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`exit ${code}: ${stderr}`)),
    );
    child.stdin.end(source);
  });
}
