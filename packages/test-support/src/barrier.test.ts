import { describe, expect, it } from 'vitest';
import { barrier } from './barrier.js';

describe('barrier', () => {
  it('holds its waiters until opened, then lets every waiter on', async () => {
    const gate = barrier();
    const passed: string[] = [];
    const first = gate.opened.then(() => passed.push('first'));
    await Promise.resolve();
    expect(passed).toEqual([]);
    gate.open();
    gate.open();
    await first;
    await gate.opened.then(() => passed.push('late'));
    expect(passed).toEqual(['first', 'late']);
  });
});
