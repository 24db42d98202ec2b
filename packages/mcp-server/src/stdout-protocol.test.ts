import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { binPath } from './testing/server-process.js';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'symfonic-mcp-stdout-'));
}, 120_000); // A PGlite cold start takes seconds, many more on a loaded machine.
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const requests = [
  {
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw-client', version: '1' },
    },
  },
  { method: 'tools/list' },
  {
    method: 'tools/call',
    params: { name: 'memory_record_turn', arguments: { speaker: 'user', text: 'hi' } },
  },
  {
    method: 'tools/call',
    params: {
      name: 'memory_remember',
      arguments: { ops: [{ op: 'add', text: 'The user says hi' }] },
    },
  },
  { method: 'tools/call', params: { name: 'memory_recall', arguments: { query: 'hi' } } },
  { method: 'tools/call', params: { name: 'memory_recall', arguments: { query: 12 } } },
  { method: 'tools/call', params: { name: 'memory_history', arguments: { ref: '#8' } } },
  { method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } },
  { method: 'resources/read', params: { uri: 'symfonic://memories' } },
  { method: 'prompts/get', params: { name: 'memory_instructions' } },
];

it('writes nothing but JSON-RPC messages on stdout, one per line, logs going to stderr', async () => {
  const child = spawn(
    process.execPath,
    [binPath, '--data', dataDir, '--tenant', 'acme', '--user', 'alice'],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const answered = new Map<number, (line: unknown) => void>();
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    for (const line of String(chunk).split('\n')) {
      if (line.trim() === '') continue;
      try {
        const message = JSON.parse(line) as { id?: number };
        if (typeof message.id === 'number') answered.get(message.id)?.(message);
      } catch {
        // Not JSON: the assertion below reports it.
      }
    }
  });
  const send = (id: number, request: object) =>
    new Promise((resolve) => {
      answered.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, ...request })}\n`);
    });
  for (const [index, request] of requests.entries()) {
    await send(index + 1, request);
    if (index === 0) {
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`,
      );
    }
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  expect(await exited).toBe(0);

  const lines = stdout.split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(requests.length);
  for (const line of lines) {
    const message = JSON.parse(line);
    expect(message.jsonrpc).toBe('2.0');
    expect(Object.keys(message).sort()).toEqual(expect.arrayContaining(['id', 'jsonrpc']));
    expect('result' in message || 'error' in message).toBe(true);
  }
  expect(stdout.endsWith('\n')).toBe(true);
  expect(stderr).toContain('serving over stdio');
}, 120_000); // A PGlite cold start takes seconds, many more on a loaded machine.
