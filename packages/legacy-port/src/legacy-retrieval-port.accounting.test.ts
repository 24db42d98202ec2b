import { DegradationCode, type MemoryScope, ScopeViolation } from '@symfonic/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedEngine } from './__fixtures__/scripted-engine.js';
import type { LegacyEntry } from './legacy-entry.js';
import { LegacyRetrievalPort } from './legacy-retrieval-port.js';

const asker: MemoryScope = { tenant: 'acme', path: ['user:1'] };

/** Each kind of row a legacy engine can answer, and whether the asker may see it. */
const kinds = {
  tenantWide: { tenantId: 'acme' },
  own: { scopePath: 'acme/user:1' },
  descendant: { scopePath: 'acme/user:1/conversation:7', tenantId: 'acme' },
  orphan: {},
  malformed: { scopePath: 'acme//user:1' },
  contradiction: { scopePath: 'acme/user:1', tenantId: 'globex' },
  emptyText: { tenantId: 'acme', content: ' ' },
  unknownLayer: { tenantId: 'acme', layer: 'procedural' },
  working: { tenantId: 'acme', layer: 'working' },
  foreignTenant: { tenantId: 'globex' },
  sibling: { scopePath: 'acme/user:2' },
} satisfies Record<string, Partial<LegacyEntry>>;
type Kind = keyof typeof kinds;
const foreign: ReadonlySet<Kind> = new Set(['foreignTenant', 'sibling']);

/** The kind each generated row was made as, by identity (ids repeat on purpose). */
const kindOf = new WeakMap<LegacyEntry, Kind>();

const rowArbitrary = fc
  .record({
    id: fc.integer({ min: 0, max: 60 }).map((n) => `row-${n}`),
    kind: fc.constantFrom(...(Object.keys(kinds) as Kind[])),
    score: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ id, kind, score }): LegacyEntry => {
    const row = { id, content: `memory ${id}`, score, ...kinds[kind] };
    kindOf.set(row, kind);
    return row;
  });

const scenarioArbitrary = fc.record({
  rows: fc.array(rowArbitrary, { maxLength: 80 }),
  // Mostly visible rows: a foreign row in every run would leave accounting untested.
  allowForeign: fc.boolean(),
  script: fc.record({
    ignoresOffset: fc.boolean(),
    extraRows: fc.integer({ min: 0, max: 3 }),
    pageCap: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
  }),
  paging: fc.record({
    scanBudget: fc.integer({ min: 1, max: 90 }),
    pageMinimum: fc.integer({ min: 1, max: 25 }),
    pageFactor: fc.integer({ min: 1, max: 4 }),
  }),
  limit: fc.integer({ min: 0, max: 40 }),
  method: fc.constantFrom('retrieve', 'scanCandidates'),
  layers: fc.option(fc.constant(['episodic', 'semantic'] as const), { nil: undefined }),
});

function isForeignRow(entry: LegacyEntry): boolean {
  const kind = kindOf.get(entry);
  if (kind === undefined) throw new Error('a row the scenario did not make');
  return foreign.has(kind);
}

describe('LegacyRetrievalPort accounting', () => {
  it('accounts for every row the engine answered exactly once, or throws for a foreign one', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const rows = scenario.allowForeign
          ? scenario.rows
          : scenario.rows.filter((row) => !isForeignRow(row));
        const engine = scriptedEngine(rows, scenario.script);
        const port = new LegacyRetrievalPort({
          engine,
          scopeOf: (scope) => scope.tenant,
          embedder: 'embedder',
          ...scenario.paging,
        });
        const query = {
          scope: asker,
          cue: 'cue',
          limit: scenario.limit,
          ...(scenario.layers ? { layers: [...scenario.layers] } : {}),
        };
        const outcome = await port[scenario.method](query).then(
          (result) => ({ result }),
          (error: unknown) => ({ error }),
        );

        // Paging: offsets only grow, pages are never empty, the budget is never exceeded.
        const offsets = engine.pages.map(({ offset }) => offset);
        expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
        expect(new Set(offsets).size).toBe(offsets.length);
        for (const { limit } of engine.pages) expect(limit).toBeGreaterThan(0);
        const asked = engine.pages.reduce((sum, { limit }) => sum + limit, 0);
        expect(asked).toBeLessThanOrEqual(scenario.paging.scanBudget);

        // An engine that answers an id twice (across pages or within one) is read no further.
        const earlier = new Set<string>();
        const repeatedIn = engine.answers.map((page) => {
          let repeated = false;
          for (const { id } of page) {
            repeated ||= earlier.has(id);
            earlier.add(id);
          }
          return repeated;
        });
        expect(repeatedIn.slice(0, -1)).not.toContain(true);

        const firstSeen = new Map<string, LegacyEntry>();
        for (const row of engine.answered) if (!firstSeen.has(row.id)) firstSeen.set(row.id, row);
        const leaked = [...firstSeen.values()].some(isForeignRow);

        if ('error' in outcome) {
          expect(ScopeViolation.isInstance(outcome.error)).toBe(true);
          expect(leaked).toBe(true);
          return;
        }
        expect(leaked).toBe(false);
        const { memories, dropped, degradations } = outcome.result;
        expect(degradations.some(({ code }) => code === DegradationCode.repeatedRows)).toBe(
          repeatedIn.at(-1) === true,
        );
        const accounted = [
          ...memories.map(({ record }) => record.id),
          ...dropped.map(({ id }) => id),
        ];
        expect([...accounted].sort()).toEqual([...firstSeen.keys()].sort());
        if (scenario.method === 'retrieve') {
          expect(memories.length).toBeLessThanOrEqual(scenario.limit);
        }
      }),
      { numRuns: 300 },
    );
  });
});
