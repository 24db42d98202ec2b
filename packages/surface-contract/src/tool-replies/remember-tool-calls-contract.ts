import type { MemoryStore, MemoryWriter } from '@symfonic/core';
import { createInMemoryStore } from '@symfonic/store-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCall, opsJson, weatherCall } from './fixture-reply.js';
import { freshUser } from './fresh-user.js';
import type { ToolReplyHarness } from './tool-reply-harness.js';
import type { ToolReplyMemory } from './tool-reply-memory.js';

const provenance = { writer: 'agent:test', turnId: 'turn-1' };

/**
 * `remember` on memory tool calls, for each shape: the ops of a call applied with where each came
 * from, another tool's call left alone, the answer text's ops objects read first in the same
 * write with one dedupe across text and calls, a call whose input is not `{"ops": [...]}` refused
 * whole while the rest is read, and each op of a call judged on its own.
 */
export function rememberToolCallsContract({ shapes, memory: kit }: ToolReplyHarness): void {
  describe.each(shapes)('remember reads memory tool calls: $name', (shape) => {
    let store: MemoryStore;
    let memory: ToolReplyMemory;
    beforeAll(() => {
      store = createInMemoryStore();
      memory = kit.createMemory({ store, working: { recentTurns: 0 } });
    });
    afterAll(async () => {
      await store.close();
    });

    async function seeded() {
      const { user } = freshUser();
      await store.apply(user, [{ op: 'add', text: 'The user lives in Paris', salience: 0.8 }], {
        writer: 'seed',
      });
      const block = await memory.hydrate(user, 'Paris');
      const ref = block.recalled[0]?.ref as string;
      return { user, block, ref };
    }

    it('applies the ops of a reply that only calls the memory tool, and says where each came from', async () => {
      const { user, block, ref } = await seeded();
      const reply = await shape.reply({
        calls: [
          memoryCall('call_1', {
            ops: [
              { op: 'update', ref, text: 'The user lives in Lyon' },
              { op: 'add', text: 'The user moved in November', layer: 'episodic' },
            ],
          }),
        ],
      });
      const outcome = await memory.remember(user, reply, { provenance, refs: block.refs });
      expect(outcome.unreadable).toBeUndefined();
      expect(outcome.rejected).toEqual([]);
      expect(outcome.toolCalls).toEqual([{ id: 'call_1', name: 'memory_ops', ops: 2 }]);
      expect(
        outcome.applied.map(({ index, channel, position, call, op, ref: named }) => [
          index,
          channel,
          position,
          call,
          op,
          named,
        ]),
      ).toEqual([
        [0, 'tool-call', 0, 0, 'update', ref],
        [1, 'tool-call', 1, 0, 'add', undefined],
      ]);
      expect(outcome.ignored).not.toContain(shape.callKind);
      const texts = (await store.list(user)).records.map(({ text }) => text).sort();
      expect(texts).toEqual(['The user lives in Lyon', 'The user moved in November']);
    });

    it('leaves another tool alone, still naming its kind in ignored', async () => {
      const { user } = freshUser();
      const reply = await shape.reply({
        calls: [weatherCall, memoryCall('call_2', { ops: [{ op: 'add', text: 'The user skis' }] })],
      });
      const outcome = await memory.remember(user, reply, { provenance });
      expect(outcome.applied.map(({ record }) => record.text)).toEqual(['The user skis']);
      expect(outcome.toolCalls.map(({ id }) => id)).toEqual(['call_2']);
      expect(outcome.ignored).toContain(shape.callKind);
    });

    it('reads the answer text and the call in one write, the text first, a repeated op once', async () => {
      const { user } = freshUser();
      const same = { op: 'add', text: 'The user likes jazz' };
      const reply = await shape.reply({
        text: `Noted! ${opsJson([same, { op: 'add', text: 'The user plays piano' }])}`,
        calls: [memoryCall('call_3', { ops: [{ ...same, text: 'The user likes  JAZZ' }] })],
      });
      let writes = 0;
      const apply: MemoryWriter['apply'] = (...args) => {
        writes += 1;
        return store.apply(...args);
      };
      const outcome = await kit
        .createMemory({ store: { apply } })
        .remember(user, reply, { provenance });
      expect(writes).toBe(1);
      expect(outcome.answer).toBe('Noted!');
      expect(outcome.applied.map(({ channel, record }) => [channel, record.text])).toEqual([
        ['text', 'The user likes jazz'],
        ['text', 'The user plays piano'],
      ]);
      expect(outcome.rejected).toEqual([
        {
          index: 2,
          channel: 'tool-call',
          position: 0,
          call: 0,
          code: 'duplicate',
          reason: 'op 0 of this reply adds the same text',
        },
      ]);
    });

    it('reads every ops object of the text, whatever its first key, and the calls, with one dedupe across them', async () => {
      const { user } = freshUser();
      const jazz = { op: 'add', text: 'The user likes jazz' };
      const piano = { op: 'add', text: 'The user plays piano' };
      const reply = await shape.reply({
        text: `Noted! ${opsJson([jazz])} And {"note": "second", "ops": ${JSON.stringify([piano, { ...jazz, text: 'the user likes JAZZ' }])}} done.`,
        calls: [memoryCall('call_4', { ops: [{ op: 'add', text: 'The user sings' }, piano] })],
      });
      const outcome = await memory.remember(user, reply, { provenance });
      expect(outcome.answer).toBe('Noted! And done.');
      expect(
        outcome.applied.map(({ index, channel, object, call, record }) => [
          index,
          channel,
          object ?? call,
          record.text,
        ]),
      ).toEqual([
        [0, 'text', 0, 'The user likes jazz'],
        [1, 'text', 1, 'The user plays piano'],
        [3, 'tool-call', 0, 'The user sings'],
      ]);
      expect(outcome.rejected.map(({ index, code, reason }) => [index, code, reason])).toEqual([
        [2, 'duplicate', 'op 0 of this reply adds the same text'],
        [4, 'duplicate', 'op 1 of this reply adds the same text'],
      ]);
    });

    it('refuses a call whose input is not {"ops": [...]} whole, with the reason, and reads the rest', async () => {
      const { user } = freshUser();
      // Not merely cut short: LangChain's chunk parser completes a truncated JSON string.
      const malformed = shape.rawArguments
        ? { id: 'call_bad', name: 'memory_ops', arguments: '{"ops": [} not json' }
        : memoryCall('call_bad', { opps: [] });
      const reply = await shape.reply({
        calls: [malformed, memoryCall('call_ok', { ops: [{ op: 'add', text: 'The user runs' }] })],
      });
      const outcome = await memory.remember(user, reply, { provenance });
      // LangChain keeps invalid calls in their own list, read after the valid ones.
      const bad = outcome.toolCalls.find(({ id }) => id === 'call_bad');
      expect(bad).toMatchObject({ ops: 0, refused: { code: 'invalid-tool-input' } });
      expect(bad?.refused?.reason).toMatch(
        shape.rawArguments ? /JSON/ : /not \{"ops": \[\.\.\.\]\} at "ops"/,
      );
      const ok = outcome.toolCalls.findIndex(({ id }) => id === 'call_ok');
      expect(outcome.applied.map(({ record, call }) => [record.text, call])).toEqual([
        ['The user runs', ok],
      ]);
    });

    it('judges each op of a call on its own: an invented ref and an id refused, the rest applied', async () => {
      const { user, block } = await seeded();
      const reply = await shape.reply({
        calls: [
          memoryCall('call_4', {
            ops: [
              { op: 'delete', ref: '#99' },
              { op: 'delete', id: 'some-memory-id' },
              { op: 'add', text: 'The user owns a bike', extra: 'ignored' },
            ],
          }),
        ],
      });
      const outcome = await memory.remember(user, reply, { provenance, refs: block.refs });
      expect(outcome.rejected.map(({ position, code }) => [position, code])).toEqual([
        [0, 'unknown-ref'],
        [1, 'id-from-model'],
      ]);
      expect(outcome.applied.map(({ record }) => record.text)).toEqual(['The user owns a bike']);
    });
  });
}
