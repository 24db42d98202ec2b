/**
 * Order two strings code point by code point (what PostgreSQL's `"C"`
 * collation does with UTF-8), not by UTF-16 code unit as `<` does: the two
 * disagree once a character beyond U+FFFF meets one from U+E000 to U+FFFF.
 *
 * @returns a negative number, 0 or a positive number, as `Array.sort` wants.
 */
export function compareCodePoints(left: string, right: string): number {
  const shared = Math.min(left.length, right.length);
  for (let index = 0; index < shared; index += 1) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a !== b) return codePointRank(a) - codePointRank(b);
  }
  return left.length - right.length;
}

/** A code unit's rank in code point order: surrogates (halves of U+10000 and above) after U+FFFF. */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}
