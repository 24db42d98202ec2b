import { normalizeMemoryText } from '@symfonic/core';
import type { ScopeSnapshot } from './scope-snapshot.js';

/** What went wrong between the snapshot a scope should have and the one it has. */
export interface Damage {
  /** Live memories beyond the first holding one normalised text in one layer. */
  readonly duplicates: number;
  /** Memories (and histories) the expected snapshot holds and the actual one lacks. */
  readonly lostWrites: number;
}

/** Count the duplicates in `actual` and the writes of `expected` missing from it. */
export function countDamage(expected: ScopeSnapshot, actual: ScopeSnapshot): Damage {
  const keys = actual.memories.map((memory) => {
    const [layer, , ...text] = memory.split('|');
    return `${layer}|${normalizeMemoryText(text.join('|'))}`;
  });
  const missing = (wanted: readonly string[], found: readonly string[]) => {
    const left = [...found];
    let count = 0;
    for (const item of wanted) {
      const at = left.indexOf(item);
      if (at < 0) count += 1;
      else left.splice(at, 1);
    }
    return count;
  };
  return {
    duplicates: keys.length - new Set(keys).size,
    lostWrites:
      missing(expected.memories, actual.memories) + missing(expected.histories, actual.histories),
  };
}
