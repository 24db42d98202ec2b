/**
 * A score as people read it: three significant digits, or as many as it takes
 * (up to 17) to tell it apart from `other`, so a reason never reads
 * "0.3 is under the floor 0.3".
 */
export function formatScore(value: number, other: number): string {
  for (let digits = 3; digits <= 17; digits += 1) {
    const shown = String(Number(value.toPrecision(digits)));
    if (value === other || shown !== String(Number(other.toPrecision(digits)))) return shown;
  }
  return String(value);
}
