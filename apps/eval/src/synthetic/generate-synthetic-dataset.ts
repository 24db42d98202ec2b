import { contentStems } from '../content-stems.js';
import type {
  EvalConversation,
  EvalDataset,
  EvalQuestion,
  EvalSession,
  EvalTurn,
} from '../eval-dataset.js';
import { memoryText } from '../memory-text.js';
import { buildSession, type TurnBlock } from './build-session.js';
import { type ConversationCast, cast } from './cast.js';
import type { LifeEventGroup, Person, RenderedLifeEvent } from './life-event.js';
import { lifeEvents } from './life-events.js';
import { SeededRandom } from './seeded-random.js';
import { sessionDates } from './session-dates.js';

/** The name the synthetic data set carries. */
export const syntheticDatasetName = 'symfonic-synthetic-v1';
/** The seed the committed data set was generated with. */
export const syntheticDatasetSeed = 20_231_130;

const sessionsPerConversation = 20;
/** Events with a correction are told early enough for the correction to come two sessions later. */
const lastCorrectableSession = 12;
const eventsPerSessionAtMost = 3;

const groupQuestions: Record<LifeEventGroup, (who: Person) => string> = {
  work: (who) => `What has changed in ${who.name}'s working life?`,
  home: (who) => `What news has ${who.name} shared about ${who.possessive} home and belongings?`,
  health: (who) => `What has ${who.name} told about ${who.possessive} health and fitness?`,
  family: (who) => `What family news has ${who.name} shared?`,
  learning: (who) => `What has ${who.name} been learning or studying?`,
  leisure: (who) => `What has ${who.name} planned or enjoyed in ${who.possessive} free time?`,
};

/** One event placed in a conversation: who tells it, and where it and its correction were said. */
interface PlacedEvent {
  readonly rendered: RenderedLifeEvent;
  readonly subject: Person;
  readonly other: Person;
  readonly session: number;
  readonly correctionSession?: number;
  statementTurn?: string;
  correctionTurn?: string;
}

function chooseSession(random: SeededRandom, load: number[], from: number, to: number): number {
  const open: number[] = [];
  for (let session = from; session <= to; session += 1) {
    if ((load[session] ?? 0) < eventsPerSessionAtMost) open.push(session);
  }
  const session = random.pick(open);
  load[session] = (load[session] ?? 0) + 1;
  return session;
}

function placeEvents(random: SeededRandom, conversation: ConversationCast, index: number) {
  const load: number[] = [];
  const placed: PlacedEvent[] = [];
  const order = random.shuffle(lifeEvents.map((_event, position) => position));
  // Events with a correction first, so the early sessions have room for them.
  order.sort(
    (left, right) => Number(lifeEvents[right]?.corrected) - Number(lifeEvents[left]?.corrected),
  );
  for (const position of order) {
    const event = lifeEvents[position];
    if (!event) continue;
    const subjectIndex = (position + index) % 2;
    const subject = conversation.speakers[subjectIndex] as Person;
    const other = conversation.speakers[1 - subjectIndex] as Person;
    const rendered = event.render(index, subject);
    if (rendered.correction) {
      const session = chooseSession(random, load, 1, lastCorrectableSession);
      const correctionSession = chooseSession(random, load, session + 2, sessionsPerConversation);
      placed.push({ rendered, subject, other, session, correctionSession });
    } else {
      const session = chooseSession(random, load, 1, sessionsPerConversation);
      placed.push({ rendered, subject, other, session });
    }
  }
  return placed;
}

function turnOf(
  conversation: EvalConversation,
  id: string,
): { turn: EvalTurn; session: EvalSession } {
  for (const session of conversation.sessions) {
    const turn = session.turns.find((candidate) => candidate.id === id);
    if (turn) return { turn, session };
  }
  throw new Error(`turn ${id} is not in ${conversation.id}`);
}

function assertParaphrase(
  conversation: EvalConversation,
  question: string,
  evidence: string,
): void {
  const { turn, session } = turnOf(conversation, evidence);
  const stored = contentStems(memoryText(turn, session));
  const shared = [...contentStems(question)].filter((stem) => stored.has(stem));
  if (shared.length > 0) {
    throw new Error(
      `paraphrase "${question}" shares ${shared.join(', ')} with ${evidence} of ${conversation.id}`,
    );
  }
}

function generateConversation(
  conversation: ConversationCast,
  index: number,
  seed: number,
): { conversation: EvalConversation; questions: EvalQuestion[] } {
  const random = new SeededRandom(seed + index * 7_919);
  const dates = sessionDates(random, conversation.start, sessionsPerConversation);
  const placed = placeEvents(random, conversation, index);
  const said = new Set<string>();
  const sessions: EvalSession[] = [];
  for (let number = 1; number <= sessionsPerConversation; number += 1) {
    const blocks: TurnBlock[] = [];
    for (const event of placed) {
      const { subject, other, rendered } = event;
      if (event.session === number) {
        blocks.push({
          lines: [
            { speaker: subject, text: rendered.statement },
            { speaker: other, text: rendered.reply },
          ],
          place: ([turnId]) => {
            event.statementTurn = turnId;
          },
        });
      }
      const { correction } = rendered;
      if (correction && event.correctionSession === number) {
        blocks.push({
          lines: [
            { speaker: subject, text: correction.statement },
            { speaker: other, text: correction.reply },
          ],
          place: ([turnId]) => {
            event.correctionTurn = turnId;
          },
        });
      }
    }
    sessions.push(
      buildSession(
        random,
        conversation.speakers,
        number,
        dates[number - 1] as string,
        blocks,
        said,
      ),
    );
  }
  const built: EvalConversation = {
    id: conversation.id,
    speakers: conversation.speakers.map((speaker) => speaker.name),
    sessions,
  };

  const questions: EvalQuestion[] = [];
  const ask = (category: string, question: string, answer: string, evidence: string[]) => {
    questions.push({
      id: `${conversation.id}/q${questions.length + 1}`,
      conversationId: conversation.id,
      category,
      question,
      answer,
      evidence,
    });
  };
  const byPosition = [...placed].sort((left, right) =>
    lifeEvents.findIndex((event) => event.id === left.rendered.id) <
    lifeEvents.findIndex((event) => event.id === right.rendered.id)
      ? -1
      : 1,
  );
  for (const event of byPosition) {
    const { rendered } = event;
    const statement = event.statementTurn as string;
    ask('single-hop', rendered.question, rendered.answer, [statement]);
    assertParaphrase(built, rendered.paraphrase, statement);
    ask('paraphrase', rendered.paraphrase, rendered.answer, [statement]);
    if (rendered.when) {
      ask('date', rendered.when, dates[event.session - 1] as string, [statement]);
    }
    if (rendered.correction) {
      const correction = event.correctionTurn as string;
      ask('corrected', rendered.correction.question, rendered.correction.answer, [correction]);
    }
  }
  for (const subject of conversation.speakers) {
    for (const group of Object.keys(groupQuestions) as LifeEventGroup[]) {
      const told = byPosition.filter(
        (event) => event.subject === subject && event.rendered.group === group,
      );
      if (told.length < 2) continue;
      ask(
        'multi-hop',
        groupQuestions[group](subject),
        told.map((event) => event.rendered.answer).join('; '),
        told.map((event) => event.statementTurn as string),
      );
    }
  }
  return { conversation: built, questions };
}

/**
 * Generate the synthetic long-conversation data set, shaped like LoCoMo: five
 * conversations of 20 sessions of 20 turns between two speakers, each session
 * dated, with life events told among small talk (some corrected in a later
 * session), and questions of five categories: `single-hop` (shares words
 * with its evidence turn), `paraphrase` (shares no content word or stem with
 * it), `date` (answered by the session's date), `corrected` (the evidence is
 * the correcting turn) and `multi-hop` (several turns).
 *
 * Deterministic: the same seed gives the same data set, byte for byte.
 *
 * @throws Error when a template breaks an invariant (a paraphrase sharing a
 * word with its evidence, a session with no room left): a bug of the
 * templates, never of the input.
 */
export function generateSyntheticDataset(seed = syntheticDatasetSeed): EvalDataset {
  const conversations: EvalConversation[] = [];
  const questions: EvalQuestion[] = [];
  cast.forEach((member, index) => {
    const generated = generateConversation(member, index, seed);
    conversations.push(generated.conversation);
    questions.push(...generated.questions);
  });
  return { name: syntheticDatasetName, conversations, questions };
}
