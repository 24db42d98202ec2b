import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioSession } from './testing/server-process.js';

describe('memory_record_turn numbers turns by the store, atomically', () => {
  let dataDir: string;
  let session: StdioSession;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'symfonic-mcp-turns-'));
    session = await connectStdio(['--data', dataDir, '--tenant', 'acme', '--user', 'alice']);
  });
  afterAll(async () => {
    await session.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives twelve concurrent calls twelve distinct consecutive numbers', async () => {
    const first = await session.client.callTool({
      name: 'memory_record_turn',
      arguments: { speaker: 'user', text: 'turn before the burst' },
    });
    expect(first.structuredContent).toMatchObject({ turn: 0 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        session.client.callTool({
          name: 'memory_record_turn',
          arguments: { speaker: index % 2 === 0 ? 'user' : 'assistant', text: `turn ${index}` },
        }),
      ),
    );
    for (const answer of answers) expect(answer.isError).toBeFalsy();
    const numbers = answers.map((answer) => (answer.structuredContent as { turn: number }).turn);
    expect([...numbers].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
    const ids = answers.map((answer) => (answer.structuredContent as { turnId: string }).turnId);
    expect(new Set(ids).size).toBe(12);
  });
});
