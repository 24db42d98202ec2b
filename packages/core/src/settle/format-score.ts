/**
 * A score as people read it in a drop reason: three significant digits, or
 * as many as it takes (up to 17) to tell it apart from `other`, so a reason
 * never reads "0.5 is under the floor 0.5" for a salience of 0.4996.
 *
 * @returns the shortest decimal form of `value` that differs from `other`'s
 * at the same precision (or `value`'s three-digit form when they are equal);
 * never throws.
 */
export function formatScore(value: number, other: number): string {
  for (let digits = 3; digits <= 17; digits += 1) {
    const shown = String(Number(value.toPrecision(digits)));
    if (value === other || shown !== String(Number(other.toPrecision(digits)))) return shown;
  }
  return String(value);
}
