import { flatten } from './flatten.js';

/**
 * What renders as nothing or as blank space once flattened: whitespace,
 * default-ignorable code points (the zero-width joiners, variation
 * selectors, Hangul fillers, the combining grapheme joiner…) and the blank
 * Braille pattern U+2800.
 */
const blank = /^[\s\u2800\p{Default_Ignorable_Code_Point}]*$/u;

/**
 * Whether `text`, rendered into a block, shows a person nothing: empty,
 * whitespace, line breaks and controls (`\u0085`, `\u001c`), zero-width and
 * format characters (`\u200b`, tag characters) and other invisible code
 * points only. A line of such text is a line a reviewer cannot read.
 *
 * @returns never throws.
 */
export function rendersBlank(text: string): boolean {
  return blank.test(flatten(text));
}
