import { describe, expect, it } from 'vitest';
import { RejectionCode } from './apply-result.js';
import { Limits } from './limits.js';
import { normalizeMemoryText } from './normalize-memory-text.js';
import { validateMemoryOp } from './validate-memory-op.js';

describe('validateMemoryOp', () => {
  it('applies the documented defaults to an add', () => {
    expect(validateMemoryOp({ op: 'add', text: 'likes tea' })).toEqual({
      ok: true,
      op: { op: 'add', layer: 'semantic', text: 'likes tea', salience: 0.5 },
    });
  });

  it('accepts update and delete by id', () => {
    expect(validateMemoryOp({ op: 'update', id: 'm1', text: 'likes coffee' }).ok).toBe(true);
    expect(validateMemoryOp({ op: 'delete', id: 'm1' }).ok).toBe(true);
  });

  it('keeps a context on an add, and on an update a string replaces it and null removes it', () => {
    expect(
      validateMemoryOp({ op: 'add', text: 'A sunset', context: 'What did you paint?' }),
    ).toEqual({
      ok: true,
      op: {
        op: 'add',
        layer: 'semantic',
        text: 'A sunset',
        salience: 0.5,
        context: 'What did you paint?',
      },
    });
    expect(validateMemoryOp({ op: 'update', id: 'm1', text: 'x', context: null })).toMatchObject({
      ok: true,
      op: { context: null },
    });
    const kept = validateMemoryOp({ op: 'update', id: 'm1', text: 'x' });
    expect(kept.ok && 'context' in kept.op).toBe(false);
  });

  it('refuses a context over Limits.memoryContext as text-too-long, and a blank one as invalid-op', () => {
    const long = validateMemoryOp({
      op: 'add',
      text: 'x',
      context: 'y'.repeat(Limits.memoryContext + 1),
    });
    expect(long).toEqual({
      ok: false,
      code: RejectionCode.textTooLong,
      reason: `the context is longer than ${Limits.memoryContext} characters`,
    });
    expect(
      validateMemoryOp({ op: 'add', text: 'x', context: 'y'.repeat(Limits.memoryContext) }).ok,
    ).toBe(true);
    for (const context of ['', '  ']) {
      const blank = validateMemoryOp({ op: 'update', id: 'm1', text: 'x', context });
      expect(blank).toMatchObject({ ok: false, code: RejectionCode.invalidOp });
      expect(blank.ok ? '' : blank.reason).toContain('at "context"');
    }
  });

  it.each([
    ['a NUL', 'm\u0000'],
    ['a leading byte-order mark', '\uFEFFm1'],
    ['a lone surrogate', 'm\uD800'],
    ['a zero-width space', 'm\u200B1'],
  ])('refuses an id holding %s as invalid-op, naming the code point', (_label, id) => {
    for (const op of [
      { op: 'delete', id },
      { op: 'update', id, text: 'x' },
    ]) {
      const validation = validateMemoryOp(op);
      expect(validation).toMatchObject({ ok: false, code: RejectionCode.invalidOp });
      expect(validation.ok ? '' : validation.reason).toMatch(/at "id": .*U\+[0-9A-F]{4}/);
    }
  });

  it('refuses a "__proto__" metadata key at any depth, naming where, never dropping it', () => {
    for (const metadata of ['{"__proto__":{"tenant":"globex"}}', '{"a":[{"__proto__":1}]}']) {
      const validation = validateMemoryOp({ op: 'add', text: 'x', metadata: JSON.parse(metadata) });
      expect(validation).toMatchObject({ ok: false, code: RejectionCode.invalidOp });
      expect(validation.ok ? '' : validation.reason).toContain('__proto__');
    }
    const kept = validateMemoryOp({ op: 'add', text: 'x', metadata: { proto: { a: [1] } } });
    expect(kept.ok && kept.op.op === 'add' ? kept.op.metadata : undefined).toEqual({
      proto: { a: [1] },
    });
  });

  it('refuses over-long text as text-too-long, never truncating it', () => {
    const result = validateMemoryOp({ op: 'add', text: 'x'.repeat(Limits.memoryText + 1) });
    expect(result).toMatchObject({ ok: false, code: RejectionCode.textTooLong });
  });

  it.each([
    ['an unknown op', { op: 'upsert', text: 'x' }],
    ['a missing text', { op: 'add' }],
    ['blank text', { op: 'add', text: '   ' }],
    ['salience out of range', { op: 'add', text: 'x', salience: 2 }],
    ['a working-layer add', { op: 'add', layer: 'working', text: 'x' }],
    ['an extra field', { op: 'delete', id: 'm1', tenant: 'other' }],
    ['a scalar', 42],
    ['null', null],
  ])('refuses %s as invalid-op, naming no value', (_label, input) => {
    const result = validateMemoryOp(input);
    expect(result).toMatchObject({ ok: false, code: RejectionCode.invalidOp });
  });
});

describe('normalizeMemoryText', () => {
  it('folds case, width and whitespace', () => {
    expect(normalizeMemoryText('  Likes\n\tTEA ')).toBe('likes tea');
    expect(normalizeMemoryText('ｌｉｋｅｓ tea')).toBe('likes tea');
  });
});
