import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ExclusiveRestoreRefused } from './exclusive-restore-refused.js';
import { InvalidMemoryInput } from './invalid-memory-input.js';
import { MemoryUnavailable } from './memory-unavailable.js';
import { ScopeViolation } from './scope-violation.js';
import { SymfonicError } from './symfonic-error.js';

describe('errors', () => {
  it('have stable codes and names, and keep their cause', () => {
    const cause = new Error('ECONNREFUSED');
    const error = new MemoryUnavailable('the store cannot be reached', { cause });
    expect(error.code).toBe('MEMORY_UNAVAILABLE');
    expect(error.name).toBe('MemoryUnavailable');
    expect(error.cause).toBe(cause);
    expect(error).toBeInstanceOf(Error);
    const refused = new ExclusiveRestoreRefused('refused exclusive import');
    expect(refused.code).toBe('EXCLUSIVE_RESTORE_REFUSED');
    expect(refused.name).toBe('ExclusiveRestoreRefused');
    expect(ExclusiveRestoreRefused.isInstance(refused)).toBe(true);
    expect(ExclusiveRestoreRefused.isInstance(error)).toBe(false);
    expect(SymfonicError.isInstance(refused)).toBe(true);
  });

  it('are recognised across copies of the package, by marker and code', () => {
    // A copy of the class from another installed copy of @symfonic/core: same marker, different prototype.
    const foreign = Object.assign(Object.create(Error.prototype), {
      [Symbol.for('@symfonic/core.error')]: true,
      code: 'SCOPE_VIOLATION',
      message: 'row leaked',
    });
    expect(foreign instanceof ScopeViolation).toBe(false);
    expect(ScopeViolation.isInstance(foreign)).toBe(true);
    expect(SymfonicError.isInstance(foreign)).toBe(true);
    expect(MemoryUnavailable.isInstance(foreign)).toBe(false);
    expect(InvalidMemoryInput.isInstance(new Error('plain'))).toBe(false);
    expect(SymfonicError.isInstance(null)).toBe(false);
    expect(SymfonicError.isInstance({ code: 'SCOPE_VIOLATION' })).toBe(false);
  });

  it('name the row and both scopes in a scope violation', () => {
    const error = new ScopeViolation({
      rowId: 'm1',
      rowScope: 'globex/user:1',
      queryScope: 'acme/user:1',
    });
    expect(error.message).toContain('m1');
    expect(error.message).toContain('globex/user:1');
    expect(error.message).toContain('acme/user:1');
    expect(error.rowScope).toBe('globex/user:1');
  });

  it('carry the zod issues without the rejected value', () => {
    const secret = 'hunter2-secret-value';
    const parsed = z.object({ tenant: z.string().max(3) }).safeParse({ tenant: secret });
    if (parsed.success) throw new Error('expected a failure');
    const error = InvalidMemoryInput.fromZod('memory scope', parsed.error);
    expect(error.issues).toHaveLength(1);
    expect(error.message).toContain('tenant');
    expect(error.message).not.toContain(secret);
  });
});
