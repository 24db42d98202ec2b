import { flatten } from '@symfonic/core';

const ignorable = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * A speaker as the block renders it: flattened onto one line (see core's
 * `flatten`), trimmed.
 *
 * @returns the name, `''` for a turn with no speaker; never throws.
 */
export function speakerName(speaker: string): string {
  return flatten(speaker).trim();
}

/**
 * What a rendered speaker name reads as, the form `excludeSpeakers` compares:
 * compatibility-normalised (NFKC), without default-ignorable code points
 * (zero-width characters and joiners, variation selectors, Hangul fillers),
 * whitespace runs collapsed to one space, trimmed and lower-cased. Speakers
 * that render alike compare alike: `'assistant\u200b'`, `' Assistant\n'` and
 * `'assistant'` are one speaker.
 *
 * @returns the key, `''` for a turn with no speaker; never throws.
 */
export function speakerKey(speaker: string): string {
  return speakerName(speaker.normalize('NFKC'))
    .replace(ignorable, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();
}
