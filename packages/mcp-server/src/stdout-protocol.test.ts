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

/** What a client asks after its opening, in every era. */
const calls: { method: string; params?: Record<string, unknown> }[] = [
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

/** The 2026-07-28 envelope every request of that revision carries in `_meta`. */
const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw-client', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** Each era's requests: its opening, then the calls. */
const eras: Record<string, { method: string; params?: Record<string, unknown> }[]> = {
  '2025-06-18': [
    {
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw-client', version: '1' },
      },
    },
    ...calls,
  ],
  '2026-07-28': [{ method: 'server/discover' }, ...calls].map(({ method, params }) => ({
    method,
    params: { ...params, _meta: envelope },
  })),
};

it.each(Object.keys(eras))(
  'writes nothing but JSON-RPC messages on stdout, one per line, logs going to stderr (%s)',
  async (era) => {
    const requests = eras[era] ?? [];
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
    const answers: unknown[] = [];
    for (const [index, request] of requests.entries()) {
      answers.push(await send(index + 1, request));
      if (index === 0 && era !== '2026-07-28') {
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
    // The opening and the tool listing are answered as results in either era.
    expect(answers.slice(0, 2)).toEqual([
      expect.objectContaining({ result: expect.any(Object) }),
      expect.objectContaining({ result: expect.objectContaining({ tools: expect.any(Array) }) }),
    ]);
    expect(stderr).toContain('serving over stdio');
  },
  120_000,
); // A PGlite cold start takes seconds, many more on a loaded machine.
