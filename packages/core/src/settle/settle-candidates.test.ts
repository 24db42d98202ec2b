import { describe, expect, it } from 'vitest';
import { testRecord } from '../__fixtures__/test-record.js';
import { ScopeViolation } from '../errors/scope-violation.js';
import type { MemoryScope } from '../memory-scope.js';
import { settleCandidates } from './settle-candidates.js';

const user: MemoryScope = { tenant: 'acme', path: ['user:1'] };

function candidate(id: string, relevance: number, salience = 0.5, scope = user) {
  return { record: testRecord(id, salience, scope), relevance };
}

describe('settleCandidates', () => {
  it('drops under the floors (salience first), then past the limit when capped, in order', () => {
    const ranked = [
      candidate('a', 0.9),
      candidate('trivia', 0.8, 0.1),
      candidate('b', 0.7),
      candidate('c', 0.6),
      candidate('far', 0.05),
    ];
    const query = { scope: user, limit: 2, minSalience: 0.3, minRelevance: 0.1 };
    const capped = settleCandidates(ranked, query, true, [{ code: 'x', detail: 'y' }]);
    expect(capped.memories.map(({ record }) => record.id)).toEqual(['a', 'b']);
    expect(capped.dropped).toEqual([
      { id: 'trivia', reason: 'salience 0.1 is under the floor 0.3' },
      { id: 'c', reason: 'beyond the 2-memory limit' },
      { id: 'far', reason: 'relevance 0.05 is under the floor 0.1' },
    ]);
    expect(capped.degradations).toEqual([{ code: 'x', detail: 'y' }]);
    const uncapped = settleCandidates(ranked, query, false, []);
    expect(uncapped.memories.map(({ record }) => record.id)).toEqual(['a', 'b', 'c']);
  });

  it('serves each candidate as given, fields beyond the record and relevance kept', () => {
    const served = { ...candidate('a', 0.9), similarity: 0.42 };
    const settled = settleCandidates([served], { scope: user, limit: 1 }, true, []);
    expect(settled.memories[0]).toBe(served);
  });

  it('throws ScopeViolation for a foreign candidate, even one past the limit', () => {
    const sibling = { tenant: 'acme', path: ['user:2'] };
    const ranked = [candidate('a', 0.9), candidate('b', 0.8), candidate('leak', 0.1, 0.5, sibling)];
    expect(() => settleCandidates(ranked, { scope: user, limit: 1 }, true, [])).toThrow(
      ScopeViolation,
    );
  });
});
