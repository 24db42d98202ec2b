import { describe, expect, it } from 'vitest';
import { ClientStateLimit, ClientStateTable } from './client-state-table.js';

const minute = 60_000;

function table() {
  let clock = 0;
  const dropped: string[] = [];
  const states = new ClientStateTable<string>(
    'things',
    { idleMs: 30 * minute, perPrincipal: 2 },
    (value) => dropped.push(value),
    () => clock,
  );
  return {
    states,
    dropped,
    advance(ms: number) {
      clock += ms;
    },
  };
}

describe('ClientStateTable', () => {
  it('drops an entry unused for the idle time, and only that one; a use restarts its clock', () => {
    const { states, dropped, advance } = table();
    states.open('p', 'a', () => 'A');
    advance(10 * minute);
    states.open('p', 'b', () => 'B');
    advance(15 * minute);
    expect(states.get('a')?.value).toBe('A'); // used at 25 min
    advance(20 * minute); // 45 min: b unused for 35, a for 20
    states.sweep();
    expect(dropped).toEqual(['B']);
    expect(states.get('a')?.value).toBe('A');
    advance(30 * minute);
    expect(states.get('a')).toBeUndefined();
    expect(dropped).toEqual(['B', 'A']);
    expect(states.size).toBe(0);
  });

  it('caps each principal apart, and frees a place when an entry is deleted or expires', () => {
    const { states, dropped, advance } = table();
    states.open('p', 'a', () => 'A');
    states.open('p', 'b', () => 'B');
    expect(() => states.open('p', 'c', () => 'C')).toThrow(ClientStateLimit);
    expect(() => states.open('p', 'c', () => 'C')).toThrow(
      'too many things: this principal already holds 2, the most it may; end one, or wait until one has been unused for 30 minutes',
    );
    expect(states.open('q', 'c', () => 'C')).toBe('C');
    expect(states.open('p', 'a', () => 'again')).toBe('A'); // an existing entry is found, not counted
    states.delete('a');
    expect(dropped).toEqual(['A']);
    expect(states.open('p', 'd', () => 'D')).toBe('D');
    advance(30 * minute);
    expect(states.open('p', 'e', () => 'E')).toBe('E');
    expect(dropped).toEqual(['A', 'B', 'C', 'D']);
  });
});
