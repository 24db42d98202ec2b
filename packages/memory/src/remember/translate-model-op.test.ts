import { Limits } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { translateModelOp } from './translate-model-op.js';

const refs = { '#1': 'memory-a', '#2': 'memory-b' };

describe('translateModelOp', () => {
  it('makes an add a core add, with core defaults', () => {
    expect(translateModelOp({ op: 'add', text: 'Likes tea' }, refs)).toEqual({
      ok: true,
      op: { op: 'add', layer: 'semantic', text: 'Likes tea', salience: 0.5 },
    });
    expect(
      translateModelOp({ op: 'add', layer: 'episodic', text: 'Met Ana', salience: 0.9 }, refs),
    ).toEqual({
      ok: true,
      op: { op: 'add', layer: 'episodic', text: 'Met Ana', salience: 0.9 },
    });
  });

  it('turns a ref into the id the block rendered it for', () => {
    expect(translateModelOp({ op: 'update', ref: '#2', text: 'Likes green tea' }, refs)).toEqual({
      ok: true,
      op: { op: 'update', id: 'memory-b', text: 'Likes green tea' },
      ref: '#2',
    });
    expect(translateModelOp({ op: 'delete', ref: '#1' }, refs)).toEqual({
      ok: true,
      op: { op: 'delete', id: 'memory-a' },
      ref: '#1',
    });
    expect(
      translateModelOp({ op: 'update', ref: '#1', text: 'x', salience: 1 }, refs),
    ).toMatchObject({ ok: true, op: { salience: 1 } });
  });

  it('refuses an id from a model, saying a model names memories by ref only', () => {
    for (const op of [
      { op: 'delete', id: 'someone-elses' },
      { op: 'update', id: 'memory-a', text: 'x' },
      { op: 'delete', ref: '#1', id: 'memory-a' },
      { op: 'add', id: 'memory-a', text: 'x' },
    ]) {
      expect(translateModelOp(op, refs)).toEqual({
        ok: false,
        code: 'id-from-model',
        reason:
          'a model names a memory only by a ref of its memory block, never by id (ids are for applications writing to the store directly)',
      });
    }
  });

  it('refuses a ref the block does not hold, including prototype names and unrendered forms', () => {
    for (const ref of ['#3', '1', 'constructor', '__proto__', 'toString']) {
      expect(translateModelOp({ op: 'delete', ref }, refs)).toEqual({
        ok: false,
        code: 'unknown-ref',
        reason: 'the ref names no memory of the block this reply was written from',
      });
    }
  });

  it('refuses an update or delete naming no ref, naming the field', () => {
    for (const op of [{ op: 'delete' }, { op: 'update', text: 'x' }]) {
      const translation = translateModelOp(op, refs);
      expect(translation).toMatchObject({ ok: false, code: 'invalid-op' });
      expect(translation.ok || translation.reason).toContain('at "ref"');
    }
  });

  it('refuses an op whose fields cannot be read, never throwing', () => {
    const hostile = Object.defineProperty({ op: 'add' }, 'text', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    expect(translateModelOp(hostile, refs)).toEqual({
      ok: false,
      code: 'invalid-op',
      reason: 'the op could not be read',
    });
  });

  it('refuses text over the limit as text-too-long, never truncated', () => {
    expect(translateModelOp({ op: 'add', text: 'x'.repeat(Limits.memoryText + 1) }, refs)).toEqual({
      ok: false,
      code: 'text-too-long',
      reason: `the text is longer than ${Limits.memoryText} characters`,
    });
  });

  it('refuses malformed ops naming the field, never the value', () => {
    const cases: [unknown, string][] = [
      ['add tea', 'not a valid memory op'],
      [null, 'not a valid memory op'],
      [{ op: 'upsert', text: 'secret-value' }, 'at "op"'],
      [{ op: 'add', text: '   ' }, 'at "text"'],
      [{ op: 'add', text: 'x', layer: 'working' }, 'at "layer"'],
      [{ op: 'add', text: 'x', salience: 2 }, 'at "salience"'],
    ];
    for (const [input, expected] of cases) {
      const translation = translateModelOp(input, refs);
      expect(translation.ok).toBe(false);
      if (!translation.ok) {
        expect(translation.code).toBe('invalid-op');
        expect(translation.reason).toContain(expected);
        expect(translation.reason).not.toContain('secret-value');
      }
    }
  });

  it('ignores fields it does not know, including a scope the model has no say over', () => {
    expect(
      translateModelOp(
        { op: 'add', text: 'Likes tea', reason: 'said so', scope: { tenant: 'other' } },
        refs,
      ),
    ).toEqual({ ok: true, op: { op: 'add', layer: 'semantic', text: 'Likes tea', salience: 0.5 } });
  });
});
