import { ToolMessage } from '@langchain/core/messages';
import { InvalidMemoryInput } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { deepFreeze, snapshot } from './__fixtures__/deep-freeze.js';
import { langchainCopies } from './__fixtures__/langchain-copies.js';
import { toolObservations } from './tool-observations.js';
import type { ToolOutcome } from './tool-outcome.js';

describe.each(langchainCopies)('toolObservations for a $label reply', ({ messages }) => {
  const reply = new messages.AIMessage({
    content: '',
    tool_calls: [
      { type: 'tool_call', id: 'call-1', name: 'get_weather', args: { city: 'Paris' } },
      { type: 'tool_call', id: 'call-2', name: 'get_time', args: { zone: 'Asia/Tokyo' } },
      { type: 'tool_call', id: 'call-3', name: 'delete_account', args: {} },
    ],
  });

  it('answers each outcome with a named ToolMessage, in outcome order', () => {
    const observations = toolObservations(reply, [
      { id: 'call-2', result: '09:14' },
      { id: 'call-1', result: '18°C, light rain' },
    ]);

    expect(observations.map((message) => [message.tool_call_id, message.name])).toEqual([
      ['call-2', 'get_time'],
      ['call-1', 'get_weather'],
    ]);
    expect(observations.map((message) => message.content)).toEqual(['09:14', '18°C, light rain']);
    expect(observations.every((message) => message.status === 'success')).toBe(true);
    expect(observations.every((message) => ToolMessage.isInstance(message))).toBe(true);
    expect(observations.every((message) => messages.ToolMessage.isInstance(message))).toBe(true);
  });

  it('keeps a failed or refused call a failure: error text and status "error"', () => {
    const [failed, refused] = toolObservations(reply, [
      { id: 'call-1', result: 'partial', error: 'weather service timed out' },
      { id: 'call-3', error: 'refused: destructive tool' },
    ]);

    expect(failed?.content).toBe('weather service timed out');
    expect(failed?.status).toBe('error');
    expect(refused?.content).toBe('refused: destructive tool');
    expect(refused?.status).toBe('error');
    expect(refused?.name).toBe('delete_account');
  });

  it('sends an empty string when there is neither result nor error, and an empty error as an error', () => {
    const [nothing, nulls, emptyError] = toolObservations(reply, [
      { id: 'call-1' },
      { id: 'call-2', result: null, error: null },
      { id: 'call-3', error: '' },
    ]);

    expect([nothing?.content, nothing?.status]).toEqual(['', 'success']);
    expect([nulls?.content, nulls?.status]).toEqual(['', 'success']);
    expect([emptyError?.content, emptyError?.status]).toEqual(['', 'error']);
  });

  it('leaves the name absent when no call of the reply has the id', () => {
    const [stray] = toolObservations(reply, [{ id: 'call-9', result: 'ok' }]);

    expect(stray?.name).toBeUndefined();
    expect(stray?.lc_kwargs).not.toHaveProperty('name');
    expect(stray?.tool_call_id).toBe('call-9');
  });

  it('carries content blocks as a result, in a copy of the array', () => {
    const blocks = [{ type: 'text' as const, text: 'see chart' }];
    const [observation] = toolObservations(reply, [{ id: 'call-1', result: blocks }]);

    expect(observation?.content).toEqual(blocks);
    expect(observation?.content).not.toBe(blocks);
  });

  it('never mutates the reply or the outcomes', () => {
    const frozenReply = deepFreeze(
      new messages.AIMessage({
        content: '',
        tool_calls: [{ type: 'tool_call', id: 'call-1', name: 'get_weather', args: {} }],
      }),
    );
    const outcomes = deepFreeze([
      { id: 'call-1', result: [{ type: 'text' as const, text: 'sunny' }] },
    ]) as ToolOutcome[];
    const before = snapshot([frozenReply, outcomes]);

    const [observation] = toolObservations(frozenReply, outcomes);

    expect(observation?.name).toBe('get_weather');
    expect(snapshot([frozenReply, outcomes])).toBe(before);
  });
});

describe('toolObservations without a usable reply', () => {
  it.each([undefined, null, 'text', { tool_calls: 'not a list' }])(
    'names nothing for %s',
    (reply) => {
      const [observation] = toolObservations(reply, [{ id: 'call-1', result: 'ok' }]);
      expect(observation?.name).toBeUndefined();
      expect(observation?.content).toBe('ok');
    },
  );
});

describe('toolObservations refusals', () => {
  it.each([
    ['not an array', 'nope', 'must be an array'],
    ['an outcome that is not an object', ['x'], 'position 0 is not an object'],
    ['an outcome with no id', [{ result: 'ok' }], 'position 0 has no call id'],
    ['an outcome with an empty id', [{ id: 'a' }, { id: '' }], 'position 1 has no call id'],
    [
      'an error that is not text',
      [{ id: 'a', error: new Error('x') }],
      'error of the tool outcome',
    ],
    [
      'a result that is neither text nor blocks',
      [{ id: 'a', result: 42 }],
      'neither text nor content blocks',
    ],
  ])('refuses %s', (_, outcomes, messagePart) => {
    let thrown: unknown;
    try {
      toolObservations(undefined, outcomes as unknown as ToolOutcome[]);
    } catch (error) {
      thrown = error;
    }
    expect(InvalidMemoryInput.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toContain(messagePart);
  });
});
