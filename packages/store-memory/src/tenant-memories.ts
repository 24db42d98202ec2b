import {
  contextWeight,
  type MemoryRecord,
  type MemoryVersion,
  type StoredLayer,
} from '@symfonic/core';
import type MiniSearch from 'minisearch';
import { ChangeLog } from './feed/change-log.js';
import { ScopeStatistics } from './feed/scope-statistics.js';
import type { StoredMemory } from './rows/stored-memory.js';
import { isPrefixVisible } from './scope/scope-path-prefix.js';
import { createLexicalIndex, type IndexedMemory } from './search/lexical-index.js';
import { SalienceIndex } from './search/salience-index.js';
import { tokenizeText } from './search/tokenize-text.js';
import type { TurnLog } from './turn-log.js';
import { VectorBucket } from './vectors/vector-bucket.js';
import { dedupeKey } from './writes/dedupe-key.js';

/**
 * One memory written by an apply: its new state, the version the change adds
 * to its history, and its vector when an embedder produced one.
 */
export interface PlannedChange {
  readonly memory: StoredMemory;
  readonly version: MemoryVersion;
  readonly vector?: Float32Array;
}

/**
 * The terms of one live memory, as the full-text index holds them: its text's,
 * and its context's counted at {@link contextWeight}.
 */
export interface MemoryTerms {
  /** How many terms the memory holds, repeats included, context terms at their weight. */
  readonly length: number;
  /** How often each term occurs, context occurrences at their weight. */
  readonly counts: ReadonlyMap<string, number>;
  /** The terms only the context holds. */
  readonly contextOnly: ReadonlySet<string>;
}

/** A memory's terms: its text's, and its context's at {@link contextWeight}. */
function memoryTerms(record: MemoryRecord): MemoryTerms {
  const textTerms = tokenizeText(record.text);
  const contextTerms = record.context === undefined ? [] : tokenizeText(record.context);
  const counts = new Map<string, number>();
  for (const term of textTerms) counts.set(term, (counts.get(term) ?? 0) + 1);
  const contextOnly = new Set<string>();
  for (const term of contextTerms) {
    const count = counts.get(term);
    if (count === undefined) contextOnly.add(term);
    counts.set(term, (count ?? 0) + contextWeight);
  }
  return {
    length: textTerms.length + contextWeight * contextTerms.length,
    counts,
    contextOnly,
  };
}

/** The document the full-text index finds a memory by: its text and its context, one field. */
function indexedMemory(record: MemoryRecord): IndexedMemory {
  const { id, text, context } = record;
  return { id, text: context === undefined ? text : `${text}\n${context}` };
}

/**
 * Everything one tenant holds: memories with their histories, the full-text
 * index with each live memory's terms and the per-scope statistics ranking
 * weighs words with, the vectors (one bucket per exact scope and layer, so a scan checks
 * visibility once per bucket, not once per row), the semantic memories by
 * salience per scope (what pinned facts are read from), the duplicate keys
 * of live memories, and the turn logs. Tenants never share any of it.
 */
export class TenantMemories {
  /** Every memory, live or deleted, by id. */
  readonly memories = new Map<string, StoredMemory>();
  /** The id of every memory, live or deleted, in creation order. */
  ordered: string[] = [];
  /** The full-text index of live memories: which memories hold a word. */
  readonly index: MiniSearch<IndexedMemory> = createLexicalIndex();
  /** The terms of each live memory, by id. */
  readonly terms = new Map<string, MemoryTerms>();
  /** Term totals per scope and layer, for weighing words over what one scope sees. */
  readonly statistics = new ScopeStatistics();
  /** Vectors of live memories, one bucket per scope key and layer. */
  readonly buckets = new Map<string, VectorBucket>();
  /** Live semantic memories by salience, per scope key. */
  readonly salient = new SalienceIndex();
  /** Live memories by {@link dedupeKey}. */
  readonly holders = new Map<string, string>();
  /** Turn logs by the {@link scopePathPrefix} of their exact scope. */
  readonly turns = new Map<string, TurnLog>();
  /** Every version of every memory, in change-feed order. */
  readonly changes = new ChangeLog();
  /** How many live memories hold each search term (what {@link planCueTerms} budgets with). */
  readonly documentFrequency = new Map<string, number>();

  /** The memory `id` if it is visible from `queryKey` (live or not), else `undefined`. */
  visible(id: string, queryKey: string): StoredMemory | undefined {
    const memory = this.memories.get(id);
    return memory && isPrefixVisible(memory.key, queryKey) ? memory : undefined;
  }

  /** The cosine of `cueVector` (unit length) and the vector of `memory`, or `undefined` when it has none. */
  similarity(memory: StoredMemory, cueVector: Float32Array): number | undefined {
    return this.buckets
      .get(`${memory.key}\u0000${memory.record.layer}`)
      ?.similarity(memory.record.id, cueVector);
  }

  /**
   * Write `changes` (computed and checked beforehand): nothing here can fail,
   * which is what makes an apply all-or-nothing.
   */
  commit(changes: readonly PlannedChange[]): void {
    for (const { memory, version, vector } of changes) {
      (memory.versions as MemoryVersion[]).push(version);
      this.changes.add(version);
      const previous = this.memories.get(memory.record.id);
      if (previous?.live) {
        this.holders.delete(dedupeKey(previous.key, previous.record.layer, previous.record.text));
        this.unindex(previous);
      }
      if (!previous) this.ordered.push(memory.record.id);
      this.memories.set(memory.record.id, memory);
      const bucketKey = `${memory.key}\u0000${memory.record.layer}`;
      if (memory.live) {
        this.holders.set(
          dedupeKey(memory.key, memory.record.layer, memory.record.text),
          memory.record.id,
        );
        this.addToIndex(memory);
        if (memory.record.layer === 'semantic') this.salient.add(memory.key, memory.record);
        if (vector) this.bucketFor(memory, vector.length).set(memory.record.id, vector);
      } else {
        this.buckets.get(bucketKey)?.delete(memory.record.id);
      }
    }
  }

  /**
   * Write a restored memory: `memory` is its final state, `added` the
   * versions it gains (all of them for a memory new here), committed like an
   * apply's change. Nothing here can fail.
   */
  commitRestored(
    memory: StoredMemory,
    added: readonly MemoryVersion[],
    vector?: Float32Array,
  ): void {
    const last = added.at(-1);
    if (last === undefined) return;
    for (const version of added.slice(0, -1)) {
      (memory.versions as MemoryVersion[]).push(version);
      this.changes.add(version);
    }
    this.commit([vector ? { memory, version: last, vector } : { memory, version: last }]);
  }

  /**
   * Erase every memory and turn log whose scope key starts with `key` (the
   * subtree of that scope), history included.
   *
   * @returns how many memories (live or deleted) and turns were erased.
   */
  erase(key: string): { memories: number; turns: number } {
    let memories = 0;
    const kept: string[] = [];
    const erased = new Set<string>();
    for (const id of this.ordered) {
      const memory = this.memories.get(id);
      if (!memory) continue;
      if (!memory.key.startsWith(key)) {
        kept.push(id);
        continue;
      }
      memories += 1;
      erased.add(id);
      this.memories.delete(id);
      if (memory.live) {
        this.unindex(memory);
        this.holders.delete(dedupeKey(memory.key, memory.record.layer, memory.record.text));
      }
    }
    this.ordered = kept;
    this.changes.erase(erased);
    this.salient.erase(key);
    for (const [bucketKey, bucket] of [...this.buckets]) {
      if (bucket.key.startsWith(key)) this.buckets.delete(bucketKey);
    }
    let turns = 0;
    for (const [turnKey, log] of [...this.turns]) {
      if (!turnKey.startsWith(key)) continue;
      turns += log.size;
      this.turns.delete(turnKey);
    }
    return { memories, turns };
  }

  private addToIndex(memory: StoredMemory): void {
    const { id, layer } = memory.record;
    const terms = memoryTerms(memory.record);
    this.terms.set(id, terms);
    this.index.add(indexedMemory(memory.record));
    for (const term of terms.counts.keys()) {
      this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
    }
    this.statistics.note(memory.key, layer as StoredLayer, terms.length, 1);
  }

  /**
   * Take a memory out of the index at once, its postings included (MiniSearch's
   * `remove`, never `discard`, which leaves them for a background vacuum).
   */
  private unindex(memory: StoredMemory): void {
    const { id, layer } = memory.record;
    if (layer === 'semantic') this.salient.remove(memory.key, id, memory.record.salience);
    const terms = this.terms.get(id);
    if (!terms) return;
    this.index.remove(indexedMemory(memory.record));
    this.terms.delete(id);
    for (const term of terms.counts.keys()) {
      const count = (this.documentFrequency.get(term) ?? 0) - 1;
      if (count > 0) this.documentFrequency.set(term, count);
      else this.documentFrequency.delete(term);
    }
    this.statistics.note(memory.key, layer as StoredLayer, terms.length, -1);
  }

  private bucketFor(memory: StoredMemory, dimensions: number): VectorBucket {
    const layer = memory.record.layer;
    const bucketKey = `${memory.key}\u0000${layer}`;
    let bucket = this.buckets.get(bucketKey);
    if (!bucket) {
      bucket = new VectorBucket(memory.key, layer, dimensions);
      this.buckets.set(bucketKey, bucket);
    }
    return bucket;
  }
}
