/** C0 controls (line breaks and tabs included), DEL, C1 controls, and the bidi marks, embeddings, overrides and isolates. */
const unsafe = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * `text` as a terminal may be given it in a line meant for a person: every
 * control character (C0 with line breaks and tabs, DEL, C1) and every bidi
 * control written as a visible `\uXXXX` escape, so a dump's field quoted in
 * a refusal or an error cannot move the cursor, retitle the window, hide
 * text or reorder it; the rest is left exactly as it is. For stored texts a
 * person reads (inspect, timeline), the commands flatten them as the memory
 * block does; `--json` output is exact JSON and never goes through this.
 *
 * @returns the escaped text; never throws.
 */
export function terminalText(text: string): string {
  return text.replace(
    unsafe,
    (character) => `\\u${(character.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
  );
}
