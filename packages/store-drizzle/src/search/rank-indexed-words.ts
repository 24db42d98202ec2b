import { compareCodePoints, contextWeight, type StoredLayer } from '@symfonic/core';
import type { ScopePlacement } from '../scope/scope-placement.js';
import type { TenantMemories } from './read-index.js';
import type { IndexedMemory } from './read-indexed-memories.js';
import { frequencyCap, type WeighedLexeme } from './weigh-lexemes.js';

/** A candidate of the lexical list with the score the SQL path gives it. */
export interface ScoredIndexedMemory {
  readonly memory: IndexedMemory;
  readonly score: number;
}

/** What {@link rankIndexedWords} found. */
export interface IndexedWordRanking {
  readonly weighed: readonly WeighedLexeme[];
  /** The best `window + 1` candidates at most, best first: past `window`, one only tells that more matched. */
  readonly scored: readonly ScoredIndexedMemory[];
  /** Memories holding only common words were more than the window. */
  readonly commonCut: boolean;
}

/**
 * Whether `memory` is visible at `placement` in `layers`: the in-process
 * form of `visibleTo` (the same tenant, and the memory sits at the scope or
 * an ancestor, or below the scope) and of the layer filter.
 */
export function visibleAt(
  memory: IndexedMemory,
  placement: ScopePlacement,
  ancestors: ReadonlySet<string>,
  layers: ReadonlySet<StoredLayer>,
): boolean {
  return (
    memory.row.tenant === placement.tenant &&
    placedVisibleAt(
      memory.scopeKey,
      memory.ancestorKeys,
      memory.row.layer,
      placement,
      ancestors,
      layers,
    )
  );
}

/**
 * Whether what sits at the scope of `scopeKey` (whose own and ancestors'
 * keys are `ancestorKeys`) in `layer` is visible at `placement` in `layers`,
 * within one tenant: the scope is the placement's or an ancestor of it, or
 * lies below it. {@link visibleAt} for a memory; a bucket of vectors placed
 * alike is tested once.
 */
export function placedVisibleAt(
  scopeKey: string,
  ancestorKeys: readonly string[],
  layer: StoredLayer,
  placement: ScopePlacement,
  ancestors: ReadonlySet<string>,
  layers: ReadonlySet<StoredLayer>,
): boolean {
  return (
    layers.has(layer) && (ancestors.has(scopeKey) || ancestorKeys.includes(placement.scopeKey))
  );
}

/** `score desc, salience desc, updated_at desc, id collate "C"`: the lexical list's order. */
function compareScored(left: ScoredIndexedMemory, right: ScoredIndexedMemory): number {
  if (left.score !== right.score) return right.score - left.score;
  const a = left.memory;
  const b = right.memory;
  if (a.row.salience !== b.row.salience) return b.row.salience - a.row.salience;
  if (a.updatedMicros !== b.updatedMicros) return b.updatedMicros - a.updatedMicros;
  return compareCodePoints(a.row.id, b.row.id);
}

/**
 * The lexical list of `rankMemories` computed from the read index, exactly
 * as its two statements compute it: each cue lexeme weighed by how many
 * visible memories hold it (counted up to `frequencyCap`, words none holds
 * left out), every holder of a rare word a candidate, and of the memories
 * holding only common words the `window + 1` most recently updated; each
 * candidate scores the sum, in the cue's order, of the weights of the words
 * it holds (a word only its context holds at `contextWeight`), and the best
 * `window + 1` are kept by score, salience, the later update and the
 * smaller id under `"C"`.
 */
export function rankIndexedWords(
  tenant: TenantMemories | undefined,
  placement: ScopePlacement,
  layers: readonly StoredLayer[],
  lexemes: readonly string[],
  window: number,
): IndexedWordRanking {
  if (!tenant) return { weighed: [], scored: [], commonCut: false };
  const ancestors = new Set(placement.ancestorKeys);
  const layerSet = new Set(layers);
  const weighed: WeighedLexeme[] = [];
  const rareHolders = new Set<IndexedMemory>();
  for (const lexeme of lexemes) {
    let hits = 0;
    const visible: IndexedMemory[] = [];
    for (const memory of tenant.holders.get(lexeme) ?? []) {
      if (!visibleAt(memory, placement, ancestors, layerSet)) continue;
      hits += 1;
      visible.push(memory);
      if (hits >= frequencyCap) break;
    }
    if (hits === 0) continue;
    const common = hits >= frequencyCap;
    weighed.push({ lexeme, hits, weight: Math.log(1 + frequencyCap / hits), common });
    if (!common) for (const memory of visible) rareHolders.add(memory);
  }
  if (weighed.length === 0) return { weighed, scored: [], commonCut: false };
  const terms = weighed.map((word) => ({
    lexeme: word.lexeme,
    text: word.weight,
    context: word.weight * contextWeight,
  }));
  const scoreOf = (memory: IndexedMemory): number => {
    let score = 0;
    for (const term of terms) {
      const inText = memory.words.get(term.lexeme);
      if (inText !== undefined) score += inText ? term.text : term.context;
    }
    return score;
  };
  const candidates: ScoredIndexedMemory[] = [];
  for (const memory of rareHolders) candidates.push({ memory, score: scoreOf(memory) });
  const common = weighed.filter((word) => word.common).map((word) => word.lexeme);
  const rare = weighed.filter((word) => !word.common).map((word) => word.lexeme);
  let commonCount = 0;
  if (common.length > 0) {
    for (const memory of tenant.recent) {
      if (commonCount > window) break;
      if (!visibleAt(memory, placement, ancestors, layerSet)) continue;
      if (!common.some((lexeme) => memory.words.has(lexeme))) continue;
      if (rare.some((lexeme) => memory.words.has(lexeme))) continue;
      commonCount += 1;
      candidates.push({ memory, score: scoreOf(memory) });
    }
  }
  candidates.sort(compareScored);
  return {
    weighed,
    scored: candidates.slice(0, window + 1),
    commonCut: commonCount > window,
  };
}
