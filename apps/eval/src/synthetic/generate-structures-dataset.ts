import { contentStems } from '../content-stems.js';
import type { EvalConversation, EvalDataset, EvalQuestion, EvalSession } from '../eval-dataset.js';
import { memoryText } from '../memory-text.js';
import { type BlockLine, buildSession, type TurnBlock, uniqueSmallTalk } from './build-session.js';
import type { ConversationCast } from './cast.js';
import type { ConversationStructure } from './conversation-structure.js';
import type { Person } from './life-event.js';
import { SeededRandom } from './seeded-random.js';
import { daysBefore, monthNames, sessionDates } from './session-dates.js';
import {
  type StructuresSplit,
  type StructuresSplitDefinition,
  structuresSplits,
} from './structures-splits.js';

const sessionsPerConversation = 20;
/** At most this many blocks go in one session, so each keeps some small talk. */
const blocksPerSessionAtMost = 4;
/** A when-said evidence turn goes in this session or later, and as far from the last: room for the turns before and after. */
const whenSaidFirst = 4;
/** The second turn of a two-turn fact comes at least this many sessions after the first. */
const twoTurnGap = 3;

/** The categories of the data set's questions, one per structure. */
export const structuresCategories = {
  /** The evidence answers the turn before it, in other words. */
  replyToTurn: 'reply-to-turn',
  /** "When did …?": the answer is a day only the evidence's session date gives. */
  whenSaid: 'when-said',
  /** Two turns in different sessions, both evidence. */
  twoTurns: 'two-turns',
  /** The question names the speaker whose first-person turn is the evidence. */
  thirdPerson: 'third-person',
} as const;

/**
 * The relative days a `when-said` evidence turn uses, and how many days
 * before the session each one means.
 */
export const relativeDays: readonly { readonly words: string; readonly days: number }[] = [
  { words: 'yesterday', days: 1 },
  { words: 'the day before yesterday', days: 2 },
  { words: 'two days ago', days: 2 },
  { words: 'three days ago', days: 3 },
];

const dateWords = new RegExp(`\\d|\\b(${monthNames.join('|')})\\b`);

/** A question whose evidence turn ids are learnt as its blocks are placed. */
interface PlannedQuestion {
  readonly category: string;
  readonly question: string;
  /** The answer, or how to compute it from the evidence's session dates. */
  readonly answer: string | ((dates: readonly string[]) => string);
  readonly evidence: string[];
  /** The session of each evidence turn, in the order of `evidence`. */
  readonly sessions: number[];
  /** The subject, whose name alone a reply-to-turn question may share with its evidence. */
  readonly subject: Person;
}

/** Where each block of one conversation goes, and the questions they answer. */
class ConversationPlan {
  readonly questions: PlannedQuestion[] = [];
  private readonly blocks = new Map<number, TurnBlock[]>();
  private readonly load: number[] = [];

  constructor(
    private readonly random: SeededRandom,
    private readonly said: Set<string>,
  ) {}

  /** A new question, whose evidence its blocks fill in as they are placed. */
  ask(
    category: string,
    subject: Person,
    { question, answer }: Pick<PlannedQuestion, 'question' | 'answer'>,
  ): PlannedQuestion {
    const planned = { category, question, answer, subject, evidence: [], sessions: [] };
    this.questions.push(planned);
    return planned;
  }

  /** A session in [from, to] with room for a block (and not `except`), drawn at random. */
  session(from: number, to: number, except?: number): number {
    const open: number[] = [];
    for (let session = from; session <= to; session += 1) {
      if (session !== except && (this.load[session] ?? 0) < blocksPerSessionAtMost) {
        open.push(session);
      }
    }
    const session = this.random.pick(open);
    this.load[session] = (this.load[session] ?? 0) + 1;
    return session;
  }

  /** The other speaker's answer to news: unused small talk of its own. */
  reaction(speaker: Person, to: Person): BlockLine {
    return { speaker, text: uniqueSmallTalk(this.random, 'reaction', speaker, to, this.said) };
  }

  /**
   * Put `lines` in `session`; with a `question`, the turn of line
   * `evidenceLine` becomes one of its evidence turns.
   */
  place(
    session: number,
    lines: readonly BlockLine[],
    question?: PlannedQuestion,
    evidenceLine = 0,
  ): void {
    const blocks = this.blocks.get(session) ?? [];
    blocks.push({
      lines,
      place: (turnIds) => {
        if (!question) return;
        question.evidence.push(turnIds[evidenceLine] as string);
        question.sessions.push(session);
      },
    });
    this.blocks.set(session, blocks);
  }

  /** The blocks of `session`, in the order they were planned. */
  blocksOf(session: number): readonly TurnBlock[] {
    return this.blocks.get(session) ?? [];
  }
}

function planStructures(
  plan: ConversationPlan,
  random: SeededRandom,
  member: ConversationCast,
  index: number,
  definition: StructuresSplitDefinition,
): void {
  // The structures with turns in several sessions first, while every session has room.
  const { replies, whenEvents, twoTurnFacts, thirdPersonFacts } = definition.structures;
  const each = <Rendered>(
    structures: readonly ConversationStructure<Rendered>[],
    tell: (rendered: Rendered, subject: Person, other: Person) => void,
  ) => {
    structures.forEach((structure, position) => {
      const subject = member.speakers[(position + index) % 2] as Person;
      const other = member.speakers[1 - ((position + index) % 2)] as Person;
      tell(structure.render(index, subject, other), subject, other);
    });
  };
  each(whenEvents, (event, subject, other) => {
    const relative = random.pick(relativeDays);
    const happened = event.happened(relative.words);
    if (dateWords.test(happened)) {
      throw new Error(`when-said evidence "${happened}" writes a date or a number`);
    }
    const question = plan.ask(structuresCategories.whenSaid, subject, {
      question: event.question,
      answer: (dates) => daysBefore(dates[0] as string, relative.days),
    });
    const session = plan.session(whenSaidFirst, sessionsPerConversation + 1 - whenSaidFirst);
    plan.place(
      session,
      [{ speaker: subject, text: happened }, plan.reaction(other, subject)],
      question,
    );
    plan.place(plan.session(1, session - 1), [{ speaker: subject, text: event.before }]);
    plan.place(plan.session(session + 1, sessionsPerConversation), [
      { speaker: other, text: event.after },
    ]);
  });
  each(twoTurnFacts, (fact, subject, other) => {
    const question = plan.ask(structuresCategories.twoTurns, subject, fact);
    const first = plan.session(1, sessionsPerConversation - twoTurnGap);
    plan.place(
      first,
      [{ speaker: subject, text: fact.first }, plan.reaction(other, subject)],
      question,
    );
    plan.place(
      plan.session(first + twoTurnGap, sessionsPerConversation),
      [{ speaker: subject, text: fact.second }, plan.reaction(other, subject)],
      question,
    );
  });
  each(thirdPersonFacts, (fact, subject, other) => {
    const question = plan.ask(structuresCategories.thirdPerson, subject, fact);
    const session = plan.session(1, sessionsPerConversation);
    plan.place(
      session,
      [{ speaker: subject, text: fact.statement }, plan.reaction(other, subject)],
      question,
    );
    plan.place(plan.session(1, sessionsPerConversation, session), [
      { speaker: other, text: fact.echo },
    ]);
  });
  each(replies, (exchange, subject, other) => {
    const question = plan.ask(structuresCategories.replyToTurn, subject, exchange);
    plan.place(
      plan.session(1, sessionsPerConversation),
      [
        { speaker: other, text: exchange.ask },
        { speaker: subject, text: exchange.reply },
      ],
      question,
      1,
    );
  });
}

/** Throws when a reply-to-turn question shares a content stem other than its subject's name with its evidence as stored. */
function assertAnsweredInOtherWords(
  conversation: EvalConversation,
  planned: PlannedQuestion,
): void {
  const session = conversation.sessions[(planned.sessions[0] as number) - 1] as EvalSession;
  const turn = session.turns.find((candidate) => candidate.id === planned.evidence[0]);
  if (!turn) throw new Error(`turn ${planned.evidence[0]} is not in ${conversation.id}`);
  const stored = contentStems(memoryText(turn, session));
  const name = contentStems(planned.subject.name);
  const shared = [...contentStems(planned.question)].filter(
    (stem) => stored.has(stem) && !name.has(stem),
  );
  if (shared.length > 0) {
    throw new Error(
      `"${planned.question}" shares ${shared.join(', ')} with ${turn.id} of ${conversation.id}`,
    );
  }
}

function generateConversation(
  member: ConversationCast,
  index: number,
  definition: StructuresSplitDefinition,
): { conversation: EvalConversation; questions: EvalQuestion[] } {
  const random = new SeededRandom(definition.seed + index * 7_919);
  const dates = sessionDates(random, member.start, sessionsPerConversation);
  const said = new Set<string>();
  const plan = new ConversationPlan(random, said);
  planStructures(plan, random, member, index, definition);
  const sessions: EvalSession[] = [];
  for (let number = 1; number <= sessionsPerConversation; number += 1) {
    sessions.push(
      buildSession(
        random,
        member.speakers,
        number,
        dates[number - 1] as string,
        plan.blocksOf(number),
        said,
      ),
    );
  }
  const conversation: EvalConversation = {
    id: member.id,
    speakers: member.speakers.map((speaker) => speaker.name),
    sessions,
  };
  const questions = plan.questions.map((planned, position): EvalQuestion => {
    if (planned.category === structuresCategories.replyToTurn) {
      assertAnsweredInOtherWords(conversation, planned);
    }
    return {
      id: `${member.id}/q${position + 1}`,
      conversationId: member.id,
      category: planned.category,
      question: planned.question,
      answer:
        typeof planned.answer === 'string'
          ? planned.answer
          : planned.answer(planned.sessions.map((session) => dates[session - 1] as string)),
      evidence: planned.evidence,
    };
  });
  return { conversation, questions };
}

/**
 * Generate one split of the conversation-structures data set: four
 * conversations of 20 dated sessions of 20 turns between two speakers, told
 * among the small talk of the first synthetic data set, with the structures
 * real long conversations have that it rewards too little, one question
 * category each: `reply-to-turn` (the evidence answers the other speaker's
 * question and shares no content word or stem with the data set's question
 * but the subject's name), `when-said` ("When did …?": the evidence says
 * "yesterday" or "two days ago" and other turns share its words; the answer
 * is a day counted from the evidence's session date), `two-turns` (a fact
 * spread over two turns of different sessions, both evidence) and
 * `third-person` (a question naming a speaker, the evidence that speaker's
 * first-person turn, the other speaker saying the same kind of thing of
 * themselves in another session).
 *
 * The splits share no conversation, person or structure, and have
 * different seeds. Deterministic: the same split gives the same data set,
 * byte for byte.
 *
 * @throws Error when a template breaks an invariant (a reply sharing a word
 * with its question, a when-said turn writing a date, a session with no room
 * left): a bug of the templates, never of the input.
 */
export function generateStructuresDataset(split: StructuresSplit): EvalDataset {
  const definition = structuresSplits[split];
  const conversations: EvalConversation[] = [];
  const questions: EvalQuestion[] = [];
  definition.cast.forEach((member, index) => {
    const generated = generateConversation(member, index, definition);
    conversations.push(generated.conversation);
    questions.push(...generated.questions);
  });
  return { name: definition.name, conversations, questions };
}
