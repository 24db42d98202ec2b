import { type ChangePosition, compareChanges, type MemoryVersion } from '@symfonic/core';

/**
 * Every version of every memory of one tenant, in the change feed's order
 * (see core's `compareChanges`). Versions a store writes itself arrive in
 * that order almost always (its clock never goes backwards); restored ones
 * may not, so the log is sorted again, once, by the first read after such a
 * write, never on every write.
 */
export class ChangeLog {
  private versions: MemoryVersion[] = [];
  private sorted = true;

  /** Add a committed version. */
  add(version: MemoryVersion): void {
    const last = this.versions.at(-1);
    if (last !== undefined && compareChanges(last, version) > 0) this.sorted = false;
    this.versions.push(version);
  }

  /** The versions after `position` (every version when it is absent), in feed order. */
  *after(position: ChangePosition | undefined): Generator<MemoryVersion> {
    if (!this.sorted) {
      this.versions.sort(compareChanges);
      this.sorted = true;
    }
    const versions = this.versions;
    let low = 0;
    if (position !== undefined) {
      let high = versions.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (compareChanges(versions[middle] as MemoryVersion, position) <= 0) low = middle + 1;
        else high = middle;
      }
    }
    for (let index = low; index < versions.length; index += 1)
      yield versions[index] as MemoryVersion;
  }

  /** Drop the versions of the memories `erased` names (what `forget` erased). */
  erase(erased: ReadonlySet<string>): void {
    if (erased.size === 0) return;
    this.versions = this.versions.filter((version) => !erased.has(version.memoryId));
  }
}
