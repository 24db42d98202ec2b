/**
 * Order two strings as PostgreSQL's `"C"` collation does: by their UTF-8
 * bytes, which is the order of their code points. JavaScript compares UTF-16
 * code units, which differs only where a surrogate meets a unit from U+E000
 * to U+FFFF; each unit is moved so that surrogates sort above them.
 */
export function compareCollateC(left: string, right: string): number {
  if (left === right) return 0;
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a !== b) return codePointOrder(a) - codePointOrder(b);
  }
  return left.length - right.length;
}

/** A UTF-16 unit moved so that units compare as the code points they start. */
function codePointOrder(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}
