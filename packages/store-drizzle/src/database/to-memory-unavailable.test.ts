import { InvalidMemoryInput, MemoryUnavailable } from '@symfonic/core';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { toMemoryUnavailable } from './to-memory-unavailable.js';

describe('toMemoryUnavailable', () => {
  it('names the operation and the SQLSTATE, keeps the driver error, and drops the query and its parameters', () => {
    const driverError = Object.assign(
      new Error('terminating connection due to administrator command'),
      {
        code: '57P01',
      },
    );
    const wrapped = new DrizzleQueryError(
      'insert into "symfonic"."memories" ("text") values ($1)',
      ['my secret memory'],
      driverError,
    );
    const error = toMemoryUnavailable(wrapped, 'apply memory operations');
    expect(MemoryUnavailable.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'the memory store could not apply memory operations (failure code 57P01)',
    );
    expect(error.cause).toBe(driverError);
    expect(`${error.message} ${String(error.cause)}`).not.toContain('my secret memory');
  });

  it('reads a socket code and says so when there is none', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
      code: 'ECONNREFUSED',
    });
    expect(toMemoryUnavailable(refused, 'open').message).toContain('ECONNREFUSED');
    expect(toMemoryUnavailable(new Error('Connection terminated'), 'open').message).toBe(
      'the memory store could not open (the driver reported a failure)',
    );
  });

  it('passes Symfonic errors through unchanged', () => {
    const invalid = new InvalidMemoryInput('invalid memory scope: tenant');
    expect(toMemoryUnavailable(invalid, 'open')).toBe(invalid);
  });
});
