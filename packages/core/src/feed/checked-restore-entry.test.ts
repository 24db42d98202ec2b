import { describe, expect, it } from 'vitest';
import { InvalidMemoryInput } from '../errors/invalid-memory-input.js';
import { Limits } from '../limits.js';
import { checkLoggedTurn, checkRestoredMemory } from './checked-restore-entry.js';
import { readRestoreBatch } from './read-restore-batch.js';

const scope = { tenant: 'acme', path: ['user:1'] };
const memory = (id: string, text = 'Likes tea') => ({
  id,
  scope,
  versions: [
    {
      memoryId: id,
      version: 1,
      change: 'created' as const,
      layer: 'semantic' as const,
      text,
      salience: 0.5,
      provenance: { writer: 'test' },
      at: new Date('2024-01-01T00:00:00.000Z'),
    },
  ],
});
const turn = { scope, turnId: 't1', speaker: 'user', text: 'Hi', turn: 0, at: new Date(0) };

function checked<Entry>(result: { success: true; entry: Entry } | { success: false }): Entry {
  if (!result.success) throw new Error('expected the entry to pass');
  return result.entry;
}

describe('checkRestoredMemory and checkLoggedTurn', () => {
  it('give a frozen copy of a valid entry, and the issues of an invalid one', () => {
    const input = memory('m1');
    const entry = checked(checkRestoredMemory(input));
    expect(entry).toEqual(input);
    expect(entry).not.toBe(input);
    expect(Object.isFrozen(entry)).toBe(true);
    expect(Object.isFrozen(entry.versions)).toBe(true);
    expect(Object.isFrozen(entry.versions[0]?.provenance)).toBe(true);
    expect(Object.isFrozen(entry.scope.path)).toBe(true);
    const invalid = checkRestoredMemory({ ...memory('m2'), versions: [] });
    expect(invalid.success).toBe(false);
    expect(invalid.success ? [] : invalid.error.issues.map((issue) => issue.path)).toEqual([
      ['versions'],
    ]);
    expect(checked(checkLoggedTurn(turn))).toEqual(turn);
    expect(checkLoggedTurn({ ...turn, speaker: 7 }).success).toBe(false);
  });
});

describe('readRestoreBatch', () => {
  it('takes a batch of checked entries as it is, without parsing it again', () => {
    const memories = [checked(checkRestoredMemory(memory('m1')))];
    const turns = [checked(checkLoggedTurn(turn))];
    const read = readRestoreBatch(scope, { memories, turns });
    expect(read.memories[0]).toBe(memories[0]);
    expect(read.turns[0]).toBe(turns[0]);
  });

  it('parses a batch holding any entry it did not check, and refuses a malformed one', () => {
    const unchecked = { ...memory('m2'), versions: [] };
    const batch = { memories: [checked(checkRestoredMemory(memory('m1'))), unchecked] };
    expect(() => readRestoreBatch(scope, batch)).toThrow(InvalidMemoryInput);
    // A copy of a checked entry is not a checked entry: it is parsed (to a new object).
    const copy = { ...checked(checkRestoredMemory(memory('m3'))) };
    expect(readRestoreBatch(scope, { memories: [copy] }).memories[0]).not.toBe(copy);
  });

  it('still counts a batch of checked entries, refuses an unknown key and places every entry', () => {
    const many = Array.from({ length: Limits.restoreBatch + 1 }, (_, index) =>
      checked(checkRestoredMemory(memory(`m${index}`, `Fact ${index}`))),
    );
    expect(() => readRestoreBatch(scope, { memories: many })).toThrow(/at most/);
    const one = [checked(checkRestoredMemory(memory('m1')))];
    expect(() =>
      readRestoreBatch(scope, { memories: one, extra: [] } as unknown as { memories: never[] }),
    ).toThrow(InvalidMemoryInput);
    expect(() => readRestoreBatch({ tenant: 'acme', path: ['user:2'] }, { memories: one })).toThrow(
      /scope/,
    );
  });
});
