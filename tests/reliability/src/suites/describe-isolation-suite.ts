import type { MemoryScope } from '@symfonic/core';
import { describe, expect, it } from 'vitest';
import { attackIsolation } from '../attacks/attack-isolation.js';
import type { IsolationReport } from '../attacks/crossing-ledger.js';
import { createLeakyStore, type LeakKind } from '../doubles/leaky-store.js';
import type { SuiteContext } from './suite-context.js';

/** The probes of the attack that must catch each deliberate leak, and whether core's own check sees it first. */
const caughtBy: Readonly<Record<LeakKind, (report: IsolationReport) => void>> = {
  'missing-tenant-predicate': (report) => {
    const probes = new Set(report.crossings.map((crossing) => crossing.probe));
    for (const probe of ['scanCandidates', 'retrieve', 'list', 'get', 'history']) {
      expect(probes).toContain(probe);
    }
    // The memory loop re-checks every recalled row and refuses to render a foreign one.
    expect(report.violations.some((violation) => violation.startsWith('hydrate'))).toBe(true);
  },
  'string-prefix-scopes': (report) => {
    expect(report.crossings).toContainEqual(
      expect.objectContaining({
        probe: 'scanCandidates',
        asking: JSON.stringify(['acme', 'user:1']),
        why: `written at ${JSON.stringify(['acme', 'user:10'])}`,
      }),
    );
  },
  'relabelled-rows': (report) => {
    // Relabelled rows pass every check of a row's scope field: only the canaries give them away.
    expect(report.violations).toEqual([]);
    const probes = new Set(report.crossings.map((crossing) => crossing.probe));
    expect(probes).toContain('hydrate text');
  },
  'metadata-decides-owner': (report) => {
    expect(report.crossings).toContainEqual(
      expect.objectContaining({
        probe: 'apply with owner metadata',
        why: `written at ${JSON.stringify(['acme2', 'user:1'])}`,
      }),
    );
  },
};

/**
 * Isolation under attack: the attack of `attackIsolation` finds nothing on
 * the real store, and (where the file asks for it) finds each deliberate
 * leak of a broken double wrapping the same store.
 */
export function describeIsolationSuite(context: SuiteContext): void {
  describe('isolation under attack', () => {
    it('lets no row cross a tenant or scope boundary, and refuses every malformed scope', async () => {
      const neighbours = context.settings.isolationNeighbours;
      const report = await attackIsolation(
        context.underTest().store,
        neighbours === undefined ? {} : { neighbours },
      );
      context.figures.count('attempts', report.attempts);
      context.figures.count('refusals', report.refusals);
      context.figures.count('rowsCrossed', report.crossings.length + report.violations.length);
      expect(report.crossings).toEqual([]);
      expect(report.violations).toEqual([]);
      expect(report.attempts).toBeGreaterThan(10_000);
      expect(report.refusals).toBeGreaterThan(500);
    });

    it('keeps an ancestor’s memory and its whole history when a descendant that changed it is forgotten', async () => {
      const { store } = context.underTest();
      const provenance = { writer: 'isolation-suite' };
      const ancestor: MemoryScope = { tenant: 'lineage', path: ['user:1'] };
      const descendant: MemoryScope = { tenant: 'lineage', path: ['user:1', 'conversation:1'] };
      const [fact] = (
        await store.apply(ancestor, [{ op: 'add', text: 'harbor lineage fact' }], provenance)
      ).applied;
      if (!fact) throw new Error('the ancestor memory was not written');
      const revised = await store.apply(
        descendant,
        [
          { op: 'update', id: fact.record.id, text: 'harbor lineage fact, revised' },
          { op: 'add', text: 'harbor lineage episode' },
        ],
        provenance,
      );
      expect(revised.rejected).toEqual([]);
      await store.append(descendant, {
        turnId: 'lineage-1',
        speaker: 'user',
        text: 'harbor',
        turn: 0,
      });

      expect(await store.forget(descendant)).toEqual({ memories: 1, turns: 1 });
      context.figures.count('attempts');
      expect(await store.get(ancestor, fact.record.id)).toMatchObject({
        scope: ancestor,
        text: 'harbor lineage fact, revised',
      });
      const history = await store.history(ancestor, fact.record.id);
      expect(history.map((version) => `${version.change}:${version.text}`)).toEqual([
        'created:harbor lineage fact',
        'updated:harbor lineage fact, revised',
      ]);
    });

    if (!context.settings.brokenDoubles) return;
    for (const [kind, check] of Object.entries(caughtBy) as [
      LeakKind,
      (report: IsolationReport) => void,
    ][]) {
      it(`catches a deliberately broken store: ${kind}`, async () => {
        const report = await attackIsolation(createLeakyStore(context.underTest().store, kind));
        expect(report.crossings.length + report.violations.length).toBeGreaterThan(0);
        check(report);
      });
    }
  });
}
