/**
 * `U+200D`: how a refusal names a character without quoting the value it
 * sits in (messages never carry the values they refuse).
 *
 * @returns the code point of the first character of `character`; never throws.
 */
export function codePointName(character: string): string {
  const codePoint = character.codePointAt(0) ?? 0;
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}
