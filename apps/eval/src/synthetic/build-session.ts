import type { EvalSession, EvalTurn } from '../eval-dataset.js';
import type { Person } from './life-event.js';
import type { SeededRandom } from './seeded-random.js';
import { type SmallTalkKind, smallTalk } from './small-talk.js';

/** How many turns a synthetic session has. */
export const turnsPerSession = 20;

/** One line of a block: who says it and what. */
export interface BlockLine {
  readonly speaker: Person;
  readonly text: string;
}

/**
 * Consecutive turns to place in a session (a statement and its answer, a
 * question and its reply…), the speakers alternating as the session's do.
 * `place` learns the turn ids the lines got, in order.
 */
export interface TurnBlock {
  readonly lines: readonly BlockLine[];
  readonly place: (turnIds: readonly string[]) => void;
}

/**
 * One line of small talk of `kind` that `said` does not hold yet, added to `said`.
 *
 * @throws Error when 200 draws found no unused line: the small talk is too
 * poor for the conversation's length, a bug of the templates.
 */
export function uniqueSmallTalk(
  random: SeededRandom,
  kind: SmallTalkKind,
  speaker: Person,
  other: Person,
  said: Set<string>,
): string {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const text = smallTalk(random, kind, speaker, other);
    if (!said.has(text)) {
      said.add(text);
      return text;
    }
  }
  throw new Error(`no unused ${kind} line is left for ${speaker.name}`);
}

/**
 * Session `number` of a conversation between `speakers`: the speakers take
 * turns (the first opens the odd sessions, the second the even ones); a
 * greeting and its answer open it, a farewell and its answer close it; each
 * block goes at a free place in between where its first speaker's turn is
 * (drawn with `random`, in the order given); small talk nobody has said yet
 * fills the rest. Every text placed is added to `said`.
 *
 * @throws RangeError when a block finds no free place (too many blocks for
 * one session), a bug of the generator.
 */
export function buildSession(
  random: SeededRandom,
  speakers: readonly [Person, Person],
  number: number,
  date: string,
  blocks: readonly TurnBlock[],
  said: Set<string>,
): EvalSession {
  const opener = speakers[(number - 1) % 2] as Person;
  const answerer = speakers[number % 2] as Person;
  const speakerAt = (position: number) => (position % 2 === 0 ? opener : answerer);
  const lines: (string | undefined)[] = new Array(turnsPerSession).fill(undefined);
  for (const block of blocks) {
    const free: number[] = [];
    for (let position = 2; position + block.lines.length - 1 < turnsPerSession - 2; position += 1) {
      const fits = block.lines.every(
        (line, offset) =>
          speakerAt(position + offset) === line.speaker && lines[position + offset] === undefined,
      );
      if (fits) free.push(position);
    }
    const position = random.pick(free);
    block.lines.forEach((line, offset) => {
      lines[position + offset] = line.text;
      said.add(line.text);
    });
    block.place(block.lines.map((_line, offset) => `D${number}:${position + offset + 1}`));
  }
  const turns: EvalTurn[] = lines.map((line, position) => {
    const speaker = speakerAt(position);
    const other = speaker === opener ? answerer : opener;
    let text = line;
    if (text === undefined) {
      const kind: SmallTalkKind =
        position === 0
          ? 'greeting'
          : position === 1
            ? 'greeting-reply'
            : position === turnsPerSession - 2
              ? 'farewell'
              : position === turnsPerSession - 1
                ? 'farewell-reply'
                : 'chat';
      text = uniqueSmallTalk(random, kind, speaker, other, said);
    }
    return { id: `D${number}:${position + 1}`, speaker: speaker.name, text };
  });
  return { number, date, turns };
}
