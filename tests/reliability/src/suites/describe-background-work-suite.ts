import { Limits, type MemoryScope, type MemoryStore } from '@symfonic/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SuiteContext } from './suite-context.js';

const provenance = { writer: 'background-work-suite' };
const memories = 3_000;

/** A word spelled from `seed`: distinct seeds give distinct words, all beginning with `zq`. */
function word(seed: number): string {
  let letters = 'zq';
  let rest = (seed * 2_654_435_761) % 4_294_967_296;
  for (let length = 0; length < 6; length += 1) {
    letters += String.fromCharCode(97 + (rest % 26));
    rest = Math.floor(rest / 26);
  }
  return letters;
}

/** Add `count` memories at `scope`: `harbor` and three words of their own, thousands of terms in all. */
async function fill(store: MemoryStore, scope: MemoryScope, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += Limits.opsPerApply) {
    const ops = Array.from({ length: Math.min(Limits.opsPerApply, count - start) }, (_, at) => ({
      op: 'add',
      text: `harbor ${word(3 * (start + at))} ${word(3 * (start + at) + 1)} ${word(3 * (start + at) + 2)}`,
    }));
    const result = await store.apply(scope, ops, provenance);
    expect(result.rejected).toEqual([]);
    ids.push(...result.applied.map((applied) => applied.record.id));
  }
  return ids;
}

/**
 * No background work of the store may ever reject unobserved. The test
 * drives, under fake timers, the traffic that made a full-text index's
 * automatic vacuum crash the process: thousands of memories, enough updates
 * to make the index dirty, then adds and updates while any work the store
 * left pending waits for its timer; then it runs every timer and checks that
 * nothing was left pending and nothing rejected.
 */
export function describeBackgroundWorkSuite(context: SuiteContext): void {
  describe('background work', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('leaves no timer pending and no promise rejecting after updates amid adds', async () => {
      const { store } = context.underTest();
      const scope: MemoryScope = { tenant: 'background', path: ['user:1'] };
      const rejections: unknown[] = [];
      const onRejection = (reason: unknown) => rejections.push(reason);
      process.on('unhandledRejection', onRejection);
      vi.useFakeTimers();
      try {
        const ids = await fill(store, scope, memories);
        const updates = ids.slice(0, 2 * Limits.opsPerApply).map((id, index) => ({
          op: 'update',
          id,
          text: `harbor revised ${index} ${word(200_000 + index)}`,
        }));
        for (let start = 0; start < updates.length; start += Limits.opsPerApply) {
          await store.apply(scope, updates.slice(start, start + Limits.opsPerApply), provenance);
        }
        // Whatever the updates scheduled now waits on a timer. Write in its pause a word that
        // splits a term every memory holds ("harb" out of "harbor"): a full-text index walking
        // its terms across the pause would find the term it had not reached yet gone.
        const pendingAfterUpdates = vi.getTimerCount();
        await store.apply(
          { tenant: 'background', path: ['user:2'] },
          [{ op: 'add', text: `harbinger ${word(300_000)}` }],
          provenance,
        );
        await vi.runAllTimersAsync();
        // A rejection nobody awaits is reported once the microtasks it rides on have run.
        vi.useRealTimers();
        await new Promise((resolve) => setImmediate(resolve));
        expect(rejections).toEqual([]);
        expect(pendingAfterUpdates).toBe(0);
        const found = await store.retrieve({ scope, cue: word(200_007), limit: 5 });
        expect(found.memories[0]?.record.text).toBe(`harbor revised 7 ${word(200_007)}`);
      } finally {
        process.off('unhandledRejection', onRejection);
      }
    });
  });
}
