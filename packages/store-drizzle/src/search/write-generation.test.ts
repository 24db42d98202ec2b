import { barrier } from '@symfonic/test-support';
import { describe, expect, it } from 'vitest';
import { WriteGeneration } from './write-generation.js';

describe('WriteGeneration', () => {
  it('holds an answer until a write starts, and none while one runs', async () => {
    const writes = new WriteGeneration();
    const read = writes.current;
    expect(writes.holds(read)).toBe(true);
    const gate = barrier();
    const write = writes.run(() => gate.opened);
    expect(writes.holds(read)).toBe(false);
    expect(writes.holds(writes.current)).toBe(false);
    gate.open();
    await write;
    expect(writes.holds(read)).toBe(false);
    expect(writes.holds(writes.current)).toBe(true);
  });

  it('says a write ran alone only when no other write started or ended while it ran', () => {
    const writes = new WriteGeneration();
    expect(writes.end(writes.begin())).toBe(true);
    const outer = writes.begin();
    const inner = writes.begin();
    expect(writes.end(inner)).toBe(true);
    expect(writes.end(outer)).toBe(false);
  });

  it('ends a failed write too', async () => {
    const writes = new WriteGeneration();
    await expect(writes.run(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(writes.holds(writes.current)).toBe(true);
  });
});
