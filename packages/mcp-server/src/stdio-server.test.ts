import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryOutput } from './history-tool.js';
import type { MemoryView } from './memory-view.js';
import type { RecallOutput } from './recall-tool.js';
import type { RememberOutput } from './remember-tool.js';
import {
  answerText,
  clientGenerations,
  connectStdio,
  type StdioSession,
  structured,
} from './testing/server-process.js';

const alice = ['--tenant', 'acme', '--user', 'alice', '--conversation', 'c1'];

describe.each(clientGenerations)(
  'symfonic-mcp over stdio, spawned as a client spawns it, with a %s client',
  (generation) => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'symfonic-mcp-stdio-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    describe('a first process', () => {
      let session: StdioSession;
      beforeAll(async () => {
        session = await connectStdio(['--data', join(dataDir, 'memory'), ...alice], generation);
      });
      afterAll(() => session.close());

      it('lists the tools, none of which takes a tenant or a user', async () => {
        const { tools } = await session.client.listTools();
        expect(tools.map(({ name }) => name).sort()).toEqual([
          'memory_forget',
          'memory_history',
          'memory_recall',
          'memory_record_turn',
          'memory_remember',
        ]);
        for (const tool of tools) {
          const properties = Object.keys(tool.inputSchema.properties ?? {});
          expect(properties).not.toContain('tenant');
          expect(properties).not.toContain('user');
          expect(tool.description?.length).toBeGreaterThan(40);
        }
        const remember = tools.find(({ name }) => name === 'memory_remember');
        expect(JSON.stringify(remember?.inputSchema)).toContain('"add"');
      });

      it('records a turn that the next recall shows in its working window', async () => {
        const recorded = await session.client.callTool({
          name: 'memory_record_turn',
          arguments: { speaker: 'user', text: 'I moved to Lyon last spring.' },
        });
        expect(recorded.isError).toBeFalsy();
        expect(structured<{ turn: number }>(recorded).turn).toBe(0);
        const again = await session.client.callTool({
          name: 'memory_record_turn',
          arguments: { speaker: 'assistant', text: 'Noted.' },
        });
        expect(structured<{ turn: number }>(again).turn).toBe(1);
        const recall = await session.client.callTool({
          name: 'memory_recall',
          arguments: { query: 'where does the user live' },
        });
        expect(answerText(recall)).toContain('[working] user: I moved to Lyon last spring.');
      });

      it('remembers, recalls with refs, updates by ref, shows the history, forgets by id', async () => {
        const remembered = await session.client.callTool({
          name: 'memory_remember',
          arguments: {
            ops: [
              { op: 'add', text: 'The user lives in Paris', salience: 0.8 },
              { op: 'add', layer: 'episodic', text: 'The user asked about jazz records' },
              { op: 'add', text: 'the user LIVES in Paris' },
            ],
          },
        });
        expect(remembered.isError).toBeFalsy();
        const outcome = structured<RememberOutput>(remembered);
        expect(outcome.applied.map(({ index }) => index)).toEqual([0, 1]);
        expect(outcome.rejected).toEqual([
          expect.objectContaining({ index: 2, code: 'duplicate' }),
        ]);

        const recall = await session.client.callTool({
          name: 'memory_recall',
          arguments: { query: 'Paris' },
        });
        const block = structured<RecallOutput>(recall);
        expect(block.block).toContain('[semantic #1] The user lives in Paris');
        const parisId = outcome.applied[0]?.memory.id;
        expect(block.refs['#1']).toBe(parisId);

        const updated = await session.client.callTool({
          name: 'memory_remember',
          arguments: {
            ops: [{ op: 'update', ref: '#1', text: 'The user lives in Lyon (moved from Paris)' }],
          },
        });
        expect(structured<RememberOutput>(updated).applied[0]).toMatchObject({
          op: 'update',
          ref: '#1',
          memory: { id: parisId, text: 'The user lives in Lyon (moved from Paris)' },
        });

        const history = await session.client.callTool({
          name: 'memory_history',
          arguments: { ref: '#1' },
        });
        const versions = structured<HistoryOutput>(history).versions;
        expect(versions.map(({ change, text }) => [change, text])).toEqual([
          ['created', 'The user lives in Paris'],
          ['updated', 'The user lives in Lyon (moved from Paris)'],
        ]);
        expect(versions[0]?.writer).toBe('mcp:symfonic-test');

        const jazzId = String(outcome.applied[1]?.memory.id);
        const forgotten = await session.client.callTool({
          name: 'memory_forget',
          arguments: { ref: jazzId },
        });
        expect(forgotten.isError).toBeFalsy();
        expect(answerText(forgotten)).toContain('The user asked about jazz records');
        const after = await session.client.callTool({
          name: 'memory_recall',
          arguments: { query: 'jazz records' },
        });
        expect(answerText(after)).not.toContain('jazz');
      });

      it('cuts a recall to its limit and reports the rest as dropped', async () => {
        await session.client.callTool({
          name: 'memory_remember',
          arguments: {
            ops: [
              { op: 'add', text: 'The user plays the cello' },
              { op: 'add', text: 'The user plays chess on Sundays' },
            ],
          },
        });
        const recall = await session.client.callTool({
          name: 'memory_recall',
          arguments: { query: 'what does the user play', limit: 1 },
        });
        const block = structured<RecallOutput>(recall);
        expect(block.memories).toHaveLength(1);
        expect(Object.keys(block.refs)).toEqual(['#1']);
        expect(block.dropped).toContainEqual(
          expect.objectContaining({ reason: 'beyond the 1-memory limit' }),
        );
      });

      it('lists the memories as a resource and carries instructions() as a prompt', async () => {
        const { resources } = await session.client.listResources();
        expect(resources.map(({ uri }) => uri)).toEqual(['symfonic://memories']);
        const read = await session.client.readResource({ uri: 'symfonic://memories' });
        const listed = JSON.parse(String((read.contents[0] as { text: string }).text));
        expect(listed.map(({ text }: MemoryView) => text)).toEqual([
          'The user lives in Lyon (moved from Paris)',
          'The user plays the cello',
          'The user plays chess on Sundays',
        ]);
        const prompt = await session.client.getPrompt({ name: 'memory_instructions' });
        const text = String((prompt.messages[0]?.content as { text?: string } | undefined)?.text);
        expect(text).toContain('memory_remember');
        expect(text).toContain('You have a long-term memory.');
      });
    });

    it('recalls in a new process on the same folder what the first one remembered', async () => {
      const session = await connectStdio(['--data', join(dataDir, 'memory'), ...alice], generation);
      try {
        const recall = await session.client.callTool({
          name: 'memory_recall',
          arguments: { query: 'where does the user live' },
        });
        expect(answerText(recall)).toContain('The user lives in Lyon (moved from Paris)');
        // A ref means what this session's latest recall showed: #9 it never showed.
        const stale = await session.client.callTool({
          name: 'memory_history',
          arguments: { ref: '#9' },
        });
        expect(stale.isError).toBe(true);
        expect(answerText(stale)).toContain('not in the latest memory_recall of this session');
      } finally {
        await session.close();
      }
    });

    it('keeps another user apart, and erases one user with --allow-forget-all only', async () => {
      const bob = await connectStdio(
        [
          '--data',
          join(dataDir, 'memory'),
          '--tenant',
          'acme',
          '--user',
          'bob',
          '--allow-forget-all',
        ],
        generation,
      );
      try {
        const recall = await bob.client.callTool({
          name: 'memory_recall',
          arguments: { query: 'where does the user live' },
        });
        expect(answerText(recall)).toBe('(nothing remembered matches)');
        await bob.client.callTool({
          name: 'memory_remember',
          arguments: { ops: [{ op: 'add', text: 'Bob keeps bees' }] },
        });
        const { tools } = await bob.client.listTools();
        expect(tools.map(({ name }) => name)).toContain('memory_forget_all');
        const refused = await bob.client.callTool({
          name: 'memory_forget_all',
          arguments: {},
        });
        expect(refused.isError).toBe(true);
        expect(answerText(refused)).toContain('confirm');
        const erased = await bob.client.callTool({
          name: 'memory_forget_all',
          arguments: { confirm: true },
        });
        expect(erased.structuredContent).toEqual({ memories: 1, turns: 0 });
      } finally {
        await bob.close();
      }
      const again = await connectStdio(['--data', join(dataDir, 'memory'), ...alice], generation);
      try {
        const read = await again.client.readResource({ uri: 'symfonic://memories' });
        expect(String((read.contents[0] as { text: string }).text)).toContain(
          'The user plays the cello',
        );
      } finally {
        await again.close();
      }
      // Two server processes, each starting PGlite: an explicit budget, since a loaded machine
      // spends most of the default one on the starts alone.
    }, 120_000);
  },
);
