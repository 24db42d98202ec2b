import { type Degradation, DegradationCode, Limits } from '@symfonic/core';

/**
 * The part of `cue` recall can use: the whole cue when it has at most
 * {@link Limits.cueText} code points, else its first that many, with the
 * `cue-shortened` degradation saying so. A cue comes from the conversation
 * (a turn may hold up to {@link Limits.turnText}), so a long one is recalled
 * for its beginning rather than refused after its turn was logged. Never
 * splits a code point.
 */
export function shortenCue(cue: string): {
  readonly cue: string;
  readonly degradation?: Degradation;
} {
  // A string has at least as many code units as code points: most cues need no count.
  if (cue.length <= Limits.cueText) return { cue };
  const characters = Array.from(cue);
  if (characters.length <= Limits.cueText) return { cue };
  return {
    cue: characters.slice(0, Limits.cueText).join(''),
    degradation: {
      code: DegradationCode.cueShortened,
      detail: `the cue has ${characters.length} characters: recall used its first ${Limits.cueText}`,
    },
  };
}
