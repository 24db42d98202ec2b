import { InvalidMemoryInput } from '@symfonic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultPaging, firstPage } from './first-page.js';

describe('firstPage', () => {
  it('reads the whole scan budget when no limit bounds the scan', () => {
    expect(firstPage(0)).toBe(defaultPaging.scanBudget);
    expect(firstPage(-3)).toBe(defaultPaging.scanBudget);
    expect(firstPage(0, { scanBudget: 50 })).toBe(50);
  });

  it('reads limit * pageFactor, at least pageMinimum, at most the scan budget', () => {
    expect(firstPage(1)).toBe(20);
    expect(firstPage(10)).toBe(30);
    expect(firstPage(100)).toBe(200);
    expect(firstPage(5, { pageMinimum: 2, pageFactor: 1.5 })).toBe(8);
    expect(firstPage(7, { scanBudget: 10, pageMinimum: 12 })).toBe(10);
  });

  it('stays within [min(pageMinimum, scanBudget), scanBudget] for any limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 2_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 1, max: 8, noNaN: true }),
        (limit, scanBudget, pageMinimum, pageFactor) => {
          const size = firstPage(limit, { scanBudget, pageMinimum, pageFactor });
          expect(Number.isInteger(size)).toBe(true);
          expect(size).toBeLessThanOrEqual(scanBudget);
          expect(size).toBeGreaterThanOrEqual(Math.min(pageMinimum, scanBudget));
          if (limit > 0) expect(size).toBeGreaterThanOrEqual(Math.min(limit, scanBudget));
        },
      ),
    );
  });

  it('refuses paging that could not make progress', () => {
    expect(() => firstPage(1, { scanBudget: 0 })).toThrow(InvalidMemoryInput);
    expect(() => firstPage(1, { pageMinimum: 1.5 })).toThrow(
      /pageMinimum must be a positive integer/,
    );
    expect(() => firstPage(1, { pageFactor: 0.5 })).toThrow(/pageFactor/);
    expect(() => firstPage(1, { pageFactor: Number.NaN })).toThrow(/pageFactor/);
    expect(() => firstPage(Number.NaN)).toThrow(InvalidMemoryInput);
  });
});
