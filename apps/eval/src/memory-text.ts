import type { EvalSession, EvalTurn } from './eval-dataset.js';

/**
 * The text a turn is stored as (what `importConversation` writes): `[date] speaker: text`, or `speaker: text`
 * when the session has no date. The date is part of the text because the
 * stores know no event time but the moment of the write, and a memory of
 * what was said is only useful with when it was said; the speaker, because
 * "I adopted a dog" means nothing without who said it.
 *
 * @returns the memory text; never throws.
 */
export function memoryText(turn: EvalTurn, session: EvalSession): string {
  const said = `${turn.speaker}: ${turn.text}`;
  return session.date === undefined ? said : `[${session.date}] ${said}`;
}
