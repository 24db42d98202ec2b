import { Limits } from './limits.js';
import { type Degradation, DegradationCode } from './retrieval-result.js';

/**
 * The `cue-shortened` degradation a store reports when a cue held
 * `distinctTerms` distinct words, more than {@link Limits.cueTerms}, and it
 * searched for the first {@link Limits.cueTerms} only. Every store words it
 * the same way.
 */
export function cueTermsShortened(distinctTerms: number): Degradation {
  return {
    code: DegradationCode.cueShortened,
    detail: `the cue has ${distinctTerms} distinct words: the store searched for its first ${Limits.cueTerms}`,
  };
}
