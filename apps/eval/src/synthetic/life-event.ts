/** A speaker of a synthetic conversation, with the pronouns questions about them use. */
export interface Person {
  readonly name: string;
  /** `she` or `he`. */
  readonly pronoun: string;
  /** `her` or `him`. */
  readonly object: string;
  /** `her` or `his`. */
  readonly possessive: string;
}

/** The area of life an event belongs to; multi-hop questions gather one person's events of an area. */
export type LifeEventGroup = 'work' | 'home' | 'health' | 'family' | 'learning' | 'leisure';

/** The texts of a correction: a later turn that changes what the first statement said. */
export interface CorrectionTemplates<Slots> {
  /** The correcting turn, said by the subject. */
  statement(slots: Slots): string;
  /** The other speaker's answer to it. */
  reply(slots: Slots, subject: Person): string;
  /** A question whose answer only the correcting turn holds. */
  question(slots: Slots, subject: Person): string;
  answer(slots: Slots): string;
}

/** The texts of one kind of life event, written over its slots. */
export interface LifeEventDefinition<Slots> {
  readonly id: string;
  readonly group: LifeEventGroup;
  /** One set of slot values per conversation that uses the event. */
  readonly values: readonly Slots[];
  /** The turn that tells the event, said by the subject in the first person. */
  statement(slots: Slots): string;
  /** The other speaker's answer to it (a distractor: it often repeats the key words). */
  reply(slots: Slots, subject: Person): string;
  /** A question that shares words with the statement. */
  question(slots: Slots, subject: Person): string;
  answer(slots: Slots): string;
  /** The same kind of question in other words: no content word or stem in common with the statement. */
  paraphrase(slots: Slots, subject: Person): string;
  /** A question whose answer is the date of the statement's session. */
  when?(slots: Slots, subject: Person): string;
  readonly correction?: CorrectionTemplates<Slots>;
}

/** Every text of one event for one conversation and subject. */
export interface RenderedLifeEvent {
  readonly id: string;
  readonly group: LifeEventGroup;
  readonly statement: string;
  readonly reply: string;
  readonly question: string;
  readonly answer: string;
  readonly paraphrase: string;
  readonly when?: string;
  readonly correction?: {
    readonly statement: string;
    readonly reply: string;
    readonly question: string;
    readonly answer: string;
  };
}

/** A kind of life event with its slot types erased: render variant `n` for a subject. */
export interface LifeEvent {
  readonly id: string;
  readonly group: LifeEventGroup;
  /** How many slot sets the event has; variant `n` uses set `n % variants`. */
  readonly variants: number;
  /** Whether a later turn corrects what the event's statement said. */
  readonly corrected: boolean;
  render(variant: number, subject: Person): RenderedLifeEvent;
}

/**
 * Define a kind of life event; the slot type is inferred from `values`, so a
 * template naming a slot the values lack does not compile.
 *
 * @throws RangeError when `values` is empty.
 */
export function defineLifeEvent<Slots>(definition: LifeEventDefinition<Slots>): LifeEvent {
  if (definition.values.length === 0) {
    throw new RangeError(`life event ${definition.id} has no slot values`);
  }
  return {
    id: definition.id,
    group: definition.group,
    variants: definition.values.length,
    corrected: definition.correction !== undefined,
    render(variant, subject) {
      const slots = definition.values[variant % definition.values.length] as Slots;
      const { correction } = definition;
      return {
        id: definition.id,
        group: definition.group,
        statement: definition.statement(slots),
        reply: definition.reply(slots, subject),
        question: definition.question(slots, subject),
        answer: definition.answer(slots),
        paraphrase: definition.paraphrase(slots, subject),
        ...(definition.when ? { when: definition.when(slots, subject) } : {}),
        ...(correction
          ? {
              correction: {
                statement: correction.statement(slots),
                reply: correction.reply(slots, subject),
                question: correction.question(slots, subject),
                answer: correction.answer(slots),
              },
            }
          : {}),
      };
    },
  };
}
