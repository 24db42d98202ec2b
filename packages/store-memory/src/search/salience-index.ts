import type { MemoryRecord } from '@symfonic/core';
import { isPrefixVisible } from '../scope/scope-path-prefix.js';

/** Salience is bucketed by hundredths: bucket b holds salience in [b / 100, (b + 1) / 100), bucket 100 holds 1. */
const buckets = 101;

function bucketOf(salience: number): number {
  return Math.min(buckets - 1, Math.floor(salience * 100));
}

/** Most recently updated first, ties by id: the order `pinned` answers in. */
function newestFirst(left: MemoryRecord, right: MemoryRecord): number {
  return (
    right.updatedAt.getTime() - left.updatedAt.getTime() ||
    (left.id < right.id ? -1 : left.id > right.id ? 1 : 0)
  );
}

/**
 * The live semantic memories of one tenant, per exact scope key, in 101
 * salience buckets (hundredths) each kept newest first. "The `limit` newest
 * memories at or above a salience visible to this scope" then merges the
 * lists of the buckets at or above it in each visible scope by their heads,
 * reading `limit` memories, never every memory of the scope.
 */
export class SalienceIndex {
  private readonly byKey = new Map<string, MemoryRecord[][]>();

  /** Index `record` (live, semantic) at scope key `key`. */
  add(key: string, record: MemoryRecord): void {
    let lists = this.byKey.get(key);
    if (!lists) {
      lists = Array.from({ length: buckets }, () => []);
      this.byKey.set(key, lists);
    }
    const list = lists[bucketOf(record.salience)] as MemoryRecord[];
    // A new version is the newest, so this is usually the front.
    let place = 0;
    while (place < list.length && newestFirst(list[place] as MemoryRecord, record) < 0) place += 1;
    list.splice(place, 0, record);
  }

  /** Remove the record with `id` indexed at `key` with `salience`; nothing when it is not there. */
  remove(key: string, id: string, salience: number): void {
    const list = this.byKey.get(key)?.[bucketOf(salience)];
    const place = list?.findIndex((record) => record.id === id) ?? -1;
    if (list && place >= 0) list.splice(place, 1);
  }

  /** Forget every scope whose key starts with `key` (the subtree `forget` erases). */
  erase(key: string): void {
    for (const indexed of [...this.byKey.keys()]) {
      if (indexed.startsWith(key)) this.byKey.delete(indexed);
    }
  }

  /**
   * The indexed records visible from `queryKey` with salience at least
   * `minSalience`, most recently updated first, ties by id, at most `limit`:
   * a merge of the newest-first lists of every bucket at or above it in each
   * visible scope, reading `limit` records and comparing only the lists'
   * heads, never sorting.
   */
  atLeast(queryKey: string, minSalience: number, limit: number): MemoryRecord[] {
    const lowest = bucketOf(minSalience);
    const lists: MemoryRecord[][] = [];
    for (const [key, byBucket] of this.byKey) {
      if (!isPrefixVisible(key, queryKey)) continue;
      for (let bucket = lowest; bucket < buckets; bucket += 1) {
        const list = byBucket[bucket] as MemoryRecord[];
        if (list.length > 0) lists.push(list);
      }
    }
    const heads = lists.map(() => 0);
    const found: MemoryRecord[] = [];
    while (found.length < limit) {
      let newest: MemoryRecord | undefined;
      let from = -1;
      lists.forEach((list, index) => {
        let head = heads[index] as number;
        // Only the lowest bucket can hold memories under the floor.
        while (head < list.length && (list[head] as MemoryRecord).salience < minSalience) head += 1;
        heads[index] = head;
        const record = list[head];
        if (record && (!newest || newestFirst(record, newest) < 0)) {
          newest = record;
          from = index;
        }
      });
      if (!newest) break;
      found.push(newest);
      heads[from] = (heads[from] as number) + 1;
    }
    return found;
  }
}
