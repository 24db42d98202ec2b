import { Limits } from '@symfonic/core';

/** A word made of letters only, distinct for each `index`. */
export function distinctWord(index: number): string {
  let word = '';
  let rest = index;
  do {
    word += String.fromCharCode(97 + (rest % 26));
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return `${word}q${word}`;
}

/** The longest cue a query takes: distinct words (from the `offset`th on) up to `Limits.cueText` characters. */
export function maximalCue(offset: number): string {
  let cue = '';
  for (let index = offset; ; index += 1) {
    const next = `${cue} ${distinctWord(index)}`;
    if (next.length > Limits.cueText) return cue;
    cue = next;
  }
}
