import type { Person } from './life-event.js';

/**
 * A reply that answers the turn before it in other words: the other speaker
 * asks ("What did you end up painting?"), the subject answers without the
 * question's words ("A sunset over the lake, it took me the whole
 * weekend"). The answer is the evidence.
 */
export interface ReplyExchange {
  /** The other speaker's question, which shares the words of the data set's question. */
  readonly ask: string;
  /** The subject's answer: shares no content word or stem with the question but the subject's name. */
  readonly reply: string;
  readonly question: string;
  readonly answer: string;
}

/**
 * Something that happened on a day only the session's date tells: the
 * subject says it happened `yesterday` or `two days ago`, mentions it
 * before, and the other speaker asks about it after, so several turns share
 * its words and only when the evidence was said answers the question.
 */
export interface WhenEvent {
  /** The subject's mention in an earlier session (plans, worries). */
  readonly before: string;
  /** The subject's turn saying it happened, `when` being a relative day (`yesterday`); no date in its words. */
  happened(when: string): string;
  /** The other speaker's mention in a later session. */
  readonly after: string;
  /** A question "When did …?", answered by a day. */
  readonly question: string;
}

/**
 * A fact spread over two turns of the subject in different sessions: the
 * first names someone ("My cousin Ines is moving back"), the second tells
 * what the question asks, by that name only ("Ines found a place in
 * Hove"). Both are evidence.
 */
export interface TwoTurnFact {
  readonly first: string;
  readonly second: string;
  readonly question: string;
  readonly answer: string;
}

/**
 * A question naming the subject in the third person ("What did Maria
 * adopt?") whose evidence is the subject's own first-person turn ("I
 * adopted…"), while the other speaker says the same kind of thing about
 * themselves in another session (the echo), in the question's words too.
 */
export interface ThirdPersonFact {
  /** The subject's turn, in the first person, never naming the subject. */
  readonly statement: string;
  /** The other speaker's own similar turn. */
  readonly echo: string;
  readonly question: string;
  readonly answer: string;
}

/** A kind of structure with its slot types erased: render variant `n` for a subject and the other speaker. */
export interface ConversationStructure<Rendered> {
  readonly id: string;
  /** How many slot sets the structure has; variant `n` uses set `n % variants`. */
  readonly variants: number;
  render(variant: number, subject: Person, other: Person): Rendered;
}

/**
 * Define a kind of structure over its slot sets (one per conversation that
 * uses it; fewer means conversations share texts).
 *
 * @throws RangeError when `values` is empty.
 */
export function defineStructure<Slots, Rendered>(
  id: string,
  values: readonly Slots[],
  render: (slots: Slots, subject: Person, other: Person) => Rendered,
): ConversationStructure<Rendered> {
  if (values.length === 0) throw new RangeError(`structure ${id} has no slot values`);
  return {
    id,
    variants: values.length,
    render: (variant, subject, other) =>
      render(values[variant % values.length] as Slots, subject, other),
  };
}

/** The structures one split of the data set tells in each of its conversations. */
export interface SplitStructures {
  readonly replies: readonly ConversationStructure<ReplyExchange>[];
  readonly whenEvents: readonly ConversationStructure<WhenEvent>[];
  readonly twoTurnFacts: readonly ConversationStructure<TwoTurnFact>[];
  readonly thirdPersonFacts: readonly ConversationStructure<ThirdPersonFact>[];
}
