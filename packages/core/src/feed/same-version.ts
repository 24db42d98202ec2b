import type { MemoryVersion } from '../memory-version.js';

/** Whether two versions are the same version of the same memory, field by field (times to the millisecond). */
export function sameVersion(left: MemoryVersion, right: MemoryVersion): boolean {
  return (
    left.memoryId === right.memoryId &&
    left.version === right.version &&
    left.change === right.change &&
    left.layer === right.layer &&
    left.text === right.text &&
    left.context === right.context &&
    left.salience === right.salience &&
    left.provenance.writer === right.provenance.writer &&
    left.provenance.turnId === right.provenance.turnId &&
    left.provenance.replyFamily === right.provenance.replyFamily &&
    left.at.getTime() === right.at.getTime()
  );
}

/** Whether two metadata values hold the same JSON, whatever the order of their keys. */
export function sameMetadata(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) {
    return false;
  }
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  if (leftKeys.length !== Object.keys(right).length) return false;
  return leftKeys.every(
    (key) =>
      Object.hasOwn(right, key) &&
      sameMetadata((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
  );
}
