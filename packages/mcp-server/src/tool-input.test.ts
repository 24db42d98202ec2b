import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerText,
  clientGenerations,
  connectStdio,
  type StdioSession,
} from './testing/server-process.js';

/** Each tool's malformed inputs and the field its error must name. */
const badInputs: readonly { tool: string; arguments: Record<string, unknown>; field: string }[] = [
  { tool: 'memory_recall', arguments: {}, field: 'query' },
  { tool: 'memory_recall', arguments: { query: '   ' }, field: 'query' },
  { tool: 'memory_recall', arguments: { query: 42 }, field: 'query' },
  { tool: 'memory_recall', arguments: { query: 'x'.repeat(8_001) }, field: 'query' },
  { tool: 'memory_recall', arguments: { query: 'paris', limit: 0 }, field: 'limit' },
  { tool: 'memory_recall', arguments: { query: 'paris', limit: 13 }, field: 'limit' },
  { tool: 'memory_recall', arguments: { query: 'paris', limit: 1.5 }, field: 'limit' },
  { tool: 'memory_remember', arguments: {}, field: 'ops' },
  { tool: 'memory_remember', arguments: { ops: 'add paris' }, field: 'ops' },
  {
    tool: 'memory_remember',
    arguments: { ops: [{ op: 'insert', text: 'x' }] },
    field: 'ops[0].op',
  },
  { tool: 'memory_remember', arguments: { ops: [{ op: 'add' }] }, field: 'ops[0].text' },
  {
    tool: 'memory_remember',
    arguments: { ops: [{ op: 'add', text: 'x'.repeat(4_001) }] },
    field: 'ops[0].text',
  },
  {
    tool: 'memory_remember',
    arguments: { ops: [{ op: 'add', text: 'x', salience: 2 }] },
    field: 'ops[0].salience',
  },
  {
    tool: 'memory_remember',
    arguments: { ops: [{ op: 'add', text: 'x', layer: 'working' }] },
    field: 'ops[0].layer',
  },
  { tool: 'memory_remember', arguments: { ops: [{ op: 'delete' }] }, field: 'ops[0].ref' },
  {
    tool: 'memory_remember',
    arguments: { ops: [{ op: 'update', ref: '#1', id: 'm', text: 'x' }] },
    field: 'ops[0].id',
  },
  {
    tool: 'memory_remember',
    arguments: { ops: [{ op: 'delete', id: '00000000-0000-0000-0000-000000000000' }] },
    field: 'ops[0].id',
  },
  { tool: 'memory_history', arguments: {}, field: 'ref' },
  { tool: 'memory_history', arguments: { ref: '' }, field: 'ref' },
  { tool: 'memory_history', arguments: { ref: 'x'.repeat(129) }, field: 'ref' },
  { tool: 'memory_forget', arguments: { ref: 7 }, field: 'ref' },
  { tool: 'memory_forget', arguments: {}, field: 'ref' },
  { tool: 'memory_record_turn', arguments: { text: 'hello' }, field: 'speaker' },
  { tool: 'memory_record_turn', arguments: { speaker: 'user' }, field: 'text' },
  { tool: 'memory_record_turn', arguments: { speaker: 'user', text: '' }, field: 'text' },
  {
    tool: 'memory_record_turn',
    arguments: { speaker: 'user', text: 'x'.repeat(32_001) },
    field: 'text',
  },
  { tool: 'memory_forget_all', arguments: { confirm: 'yes' }, field: 'confirm' },
];

describe.each(clientGenerations)(
  'every tool refuses malformed input with a tool error naming the field (%s client)',
  (generation) => {
    let dataDir: string;
    let session: StdioSession;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'symfonic-mcp-input-'));
      session = await connectStdio(
        ['--data', dataDir, '--tenant', 'acme', '--user', 'alice', '--allow-forget-all'],
        generation,
      );
      await session.client.callTool({
        name: 'memory_remember',
        arguments: { ops: [{ op: 'add', text: 'The user lives in Paris' }] },
      });
    });
    afterAll(async () => {
      await session.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it.each(badInputs)(
      '$tool $arguments → names $field',
      async ({ tool, arguments: input, field }) => {
        const result = await session.client.callTool({ name: tool, arguments: input });
        expect(result.isError).toBe(true);
        const text = answerText(result);
        expect(text).toContain(`Invalid arguments for tool ${tool}: `);
        // The SDK names each issue's field by its dotted path: `ops.0.text: …`.
        const dotted = field.replace(/\[(\d+)\]/g, '.$1');
        expect(text).toMatch(new RegExp(`(?:: |, )${dotted.replaceAll('.', '\\.')}: `));
      },
    );

    it('wrote nothing for the malformed calls, and keeps serving', async () => {
      const read = await session.client.readResource({ uri: 'symfonic://memories' });
      const listed = JSON.parse(String((read.contents[0] as { text: string }).text));
      expect(listed.map(({ text }: { text: string }) => text)).toEqual(['The user lives in Paris']);
    });

    it('answers an invented ref as refused, and an id with the reason a model names refs only', async () => {
      const remembered = await session.client.callTool({
        name: 'memory_remember',
        arguments: { ops: [{ op: 'update', ref: '#4', text: 'The user lives in Rome' }] },
      });
      expect(remembered.isError).toBeFalsy();
      expect((remembered.structuredContent as { rejected: unknown[] }).rejected).toEqual([
        expect.objectContaining({ index: 0, code: 'unknown-ref' }),
      ]);
      const byId = await session.client.callTool({
        name: 'memory_remember',
        arguments: { ops: [{ op: 'delete', id: '00000000-0000-0000-0000-000000000000' }] },
      });
      expect(byId.isError).toBe(true);
      expect(answerText(byId)).toContain('a model names a memory only by a ref');
      for (const name of ['memory_history', 'memory_forget']) {
        const missing = await session.client.callTool({
          name,
          arguments: { ref: 'no-such-memory' },
        });
        expect(missing.isError).toBe(true);
      }
    });
  },
);
