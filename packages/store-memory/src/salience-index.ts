import type { MemoryRecord } from '@symfonic/core';
import { isKeyVisible } from './scope-key.js';

/**
 * The live semantic memories of one tenant, per exact scope key, each scope's
 * list kept ordered by salience, highest first: the memories of a scope at
 * or above a salience are a prefix of its list, so answering "the salient
 * memories visible to this scope" reads those prefixes only, never every
 * memory of the scope.
 */
export class SalienceIndex {
  private readonly byKey = new Map<string, MemoryRecord[]>();

  /** Index `record` (live, semantic) at scope key `key`. */
  add(key: string, record: MemoryRecord): void {
    let list = this.byKey.get(key);
    if (!list) {
      list = [];
      this.byKey.set(key, list);
    }
    // After its equals: the first place whose salience is lower.
    list.splice(
      firstPlace(list, (salience) => salience >= record.salience),
      0,
      record,
    );
  }

  /** Remove the record with `id` indexed at `key` with `salience`; nothing when it is not there. */
  remove(key: string, id: string, salience: number): void {
    const list = this.byKey.get(key);
    if (!list) return;
    const equalsStart = firstPlace(list, (indexed) => indexed > salience);
    for (let index = equalsStart; index < list.length; index += 1) {
      const entry = list[index] as MemoryRecord;
      if (entry.id === id) {
        list.splice(index, 1);
        break;
      }
      if (entry.salience < salience) break;
    }
    if (list.length === 0) this.byKey.delete(key);
  }

  /** Forget every scope whose key starts with `key` (the subtree `forget` erases). */
  erase(key: string): void {
    for (const indexed of [...this.byKey.keys()]) {
      if (indexed.startsWith(key)) this.byKey.delete(indexed);
    }
  }

  /**
   * The indexed records visible from `queryKey` with salience at least
   * `minSalience`, most recently updated first, ties by id, at most `limit`.
   * Reads the scope keys of the tenant and, of each visible one, the prefix
   * of its list at or above `minSalience`.
   */
  atLeast(queryKey: string, minSalience: number, limit: number): MemoryRecord[] {
    if (limit === 0) return [];
    const found: MemoryRecord[] = [];
    for (const [key, list] of this.byKey) {
      if (!isKeyVisible(key, queryKey)) continue;
      for (const record of list) {
        if (record.salience < minSalience) break;
        found.push(record);
      }
    }
    found.sort(
      (left, right) =>
        right.updatedAt.getTime() - left.updatedAt.getTime() ||
        (left.id < right.id ? -1 : left.id > right.id ? 1 : 0),
    );
    return found.slice(0, limit);
  }
}

/** The first position of `list` (ordered by salience, highest first) whose salience `before` is false for. */
function firstPlace(list: readonly MemoryRecord[], before: (salience: number) => boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before((list[middle] as MemoryRecord).salience)) low = middle + 1;
    else high = middle;
  }
  return low;
}
