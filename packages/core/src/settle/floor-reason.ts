import { formatScore } from './format-score.js';

/** What a floor applies to: a record's salience, or the relevance a ranking gave it. */
export type FloorMeasure = 'salience' | 'relevance';

/**
 * Why a row is left out under a floor, in the one wording every store, port
 * and recall reports: `salience 0.4996 is under the floor 0.5`, both numbers
 * by {@link formatScore}. A value at the floor passes; a value that is not a
 * number at or above it (NaN included) does not.
 *
 * @returns the reason when `value` is not at or above `floor`; `undefined`
 * when it is, or when there is no floor; never throws.
 */
export function floorReason(
  measure: FloorMeasure,
  value: number,
  floor: number | undefined,
): string | undefined {
  if (floor === undefined || value >= floor) return undefined;
  return `${measure} ${formatScore(value, floor)} is under the floor ${formatScore(floor, value)}`;
}
