import { compareCodePoints } from './compare-code-points.js';

/** What the feed order reads of a change. */
export interface ChangePosition {
  readonly at: Date;
  readonly memoryId: string;
  readonly version: number;
}

/**
 * The order of the change feed: by time, then memory id (code point by code
 * point, see {@link compareCodePoints}), then version. It reads the data
 * only, so two stores holding the same history answer the same feed.
 *
 * @returns a negative number, 0 or a positive number, as `Array.sort` wants.
 */
export function compareChanges(left: ChangePosition, right: ChangePosition): number {
  const time = left.at.getTime() - right.at.getTime();
  if (time !== 0) return time;
  const id = compareCodePoints(left.memoryId, right.memoryId);
  if (id !== 0) return id;
  return left.version - right.version;
}
