import { describe, expect, it } from 'vitest';
import { langchainCopies } from './__fixtures__/langchain-copies.js';
import { namesByCallId } from './names-by-call-id.js';

describe('namesByCallId', () => {
  it.each(langchainCopies)('reads the tool calls of a $label reply', ({ messages }) => {
    const reply = new messages.AIMessage({
      content: '',
      tool_calls: [
        { type: 'tool_call', id: 'call_A', name: 'get_weather', args: { city: 'Paris' } },
        { type: 'tool_call', id: 'call_B', name: 'get_time', args: {} },
      ],
    });
    expect(namesByCallId(reply.tool_calls ?? [])).toEqual(
      new Map([
        ['call_A', 'get_weather'],
        ['call_B', 'get_time'],
      ]),
    );
  });

  it("reads any object with an id and a name, such as a caller's own call records", () => {
    class FacadeToolCall {
      constructor(
        readonly id: string,
        readonly name: string,
      ) {}
    }
    expect(namesByCallId([new FacadeToolCall('f-1', 'lookup')])).toEqual(
      new Map([['f-1', 'lookup']]),
    );
  });

  it('skips entries whose id or name is missing, empty or not a string', () => {
    const calls: unknown[] = [
      { id: 'a', name: 'kept' },
      { id: 'b' },
      { name: 'no-id' },
      { id: '', name: 'empty-id' },
      { id: 'c', name: '' },
      { id: 4, name: 'numeric-id' },
      { id: 'd', name: null },
      null,
      'call',
      7,
    ];
    expect(namesByCallId(calls)).toEqual(new Map([['a', 'kept']]));
  });

  it('lets the later call win when two share an id', () => {
    expect(
      namesByCallId([
        { id: 'x', name: 'first' },
        { id: 'x', name: 'second' },
      ]).get('x'),
    ).toBe('second');
  });

  it('reads any iterable, once', () => {
    function* calls() {
      yield { id: 'g-1', name: 'from-a-generator' };
    }
    expect(namesByCallId(calls())).toEqual(new Map([['g-1', 'from-a-generator']]));
    expect(namesByCallId([]).size).toBe(0);
  });
});
