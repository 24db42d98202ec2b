import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { EvalConversation, EvalDataset, EvalQuestion, EvalSession } from './eval-dataset.js';

/**
 * LoCoMo's question categories by number, as its authors' evaluation code
 * names them.
 */
export const locomoCategories: Readonly<Record<number, string>> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
};

const locomoTurnSchema = z.looseObject({
  speaker: z.string().min(1),
  dia_id: z.string().min(1),
  text: z.string(),
  blip_caption: z.string().optional(),
});

const locomoQuestionSchema = z.looseObject({
  question: z.string().min(1),
  answer: z.union([z.string(), z.number()]).optional(),
  adversarial_answer: z.string().optional(),
  evidence: z.array(z.string()).default([]),
  category: z.number().int().optional(),
});

const locomoSampleSchema = z.looseObject({
  sample_id: z.string().min(1),
  conversation: z.record(z.string(), z.unknown()),
  qa: z.array(locomoQuestionSchema),
});

/** An evidence id that was written wrongly and read as the ids it meant. */
export interface RepairedEvidence {
  readonly questionId: string;
  readonly written: string;
  readonly readAs: readonly string[];
}

/** An evidence id, or a whole question, left out, and why. */
export interface LeftOut {
  readonly questionId: string;
  readonly reason: string;
}

/** What {@link loadLocomo} read, and every repair and omission it made. */
export interface LocomoLoad {
  readonly dataset: EvalDataset;
  readonly repaired: readonly RepairedEvidence[];
  /** Evidence ids naming no turn of the conversation: left out of the question's evidence. */
  readonly droppedEvidence: readonly LeftOut[];
  /** Questions left with no evidence: they cannot be scored and are not asked. */
  readonly skippedQuestions: readonly LeftOut[];
}

const sessionKey = /^session_(\d+)$/;
const wellFormedId = /^D(\d+):(\d+)$/;
/** `D8:6`, `D8: 6`, `D:8:6`, `D08:06`: a session and a turn number, however punctuated. */
const looseId = /^D\s*:?\s*0*(\d+)\s*:\s*0*(\d+)$/i;

/** Turn text as stored: LoCoMo's text, plus the caption of an image the speaker shared. */
function turnText(turn: z.infer<typeof locomoTurnSchema>): string {
  const caption = turn.blip_caption?.trim();
  return caption ? `${turn.text} [shared an image: ${caption}]` : turn.text;
}

function readSessions(sampleId: string, conversation: Record<string, unknown>): EvalSession[] {
  const sessions: EvalSession[] = [];
  for (const [key, value] of Object.entries(conversation)) {
    const match = sessionKey.exec(key);
    if (!match) continue;
    const turns = z.array(locomoTurnSchema).safeParse(value);
    if (!turns.success) {
      const issue = turns.error.issues[0];
      throw new Error(
        `${sampleId}.conversation.${key} is not a list of { speaker, dia_id, text }: ${issue?.path.join('.')} ${issue?.message}`,
      );
    }
    if (turns.data.length === 0) continue;
    const number = Number(match[1]);
    const date = conversation[`${key}_date_time`];
    sessions.push({
      number,
      ...(typeof date === 'string' && date.trim() !== '' ? { date: date.trim() } : {}),
      turns: turns.data.map((turn) => ({
        id: turn.dia_id,
        speaker: turn.speaker,
        text: turnText(turn),
      })),
    });
  }
  return sessions.sort((left, right) => left.number - right.number);
}

/**
 * Read evidence as written into turn ids: split on `;`, `,` and spaces,
 * each piece's session and turn numbers read however it is punctuated.
 */
function readEvidence(written: string): string[] {
  return written
    .split(/[;,\s]+/)
    .filter((piece) => piece !== '')
    .map((piece) => {
      const match = looseId.exec(piece);
      return match ? `D${Number(match[1])}:${Number(match[2])}` : piece;
    });
}

/**
 * Turn a parsed LoCoMo file (`locomo10.json`: a list of samples, each with
 * `conversation.session_N` lists of `{ speaker, dia_id, text }`,
 * `session_N_date_time`, and `qa` items whose `evidence` names dia ids) into
 * a data set of this harness. Each sample is a conversation; an image a
 * speaker shared is kept as its caption after the text. Question categories
 * become {@link locomoCategories} names.
 *
 * Evidence is repaired where its meaning is clear, and reported: `"D8:6;
 * D9:17"` is read as two ids, `D:8:6` or `D08:06` as `D8:6`. An id naming no
 * turn of the conversation is left out of the question's evidence and
 * reported; a question left with no evidence is not asked, and reported.
 *
 * @throws Error when the input is not a list of LoCoMo samples (the message
 * names the sample and field).
 */
export function readLocomo(input: unknown, name = 'locomo'): LocomoLoad {
  const samples = z.array(locomoSampleSchema).safeParse(input);
  if (!samples.success) {
    const issue = samples.error.issues[0];
    throw new Error(
      `not a LoCoMo file (a list of { sample_id, conversation, qa }): ${issue?.path.join('.')} ${issue?.message}`,
    );
  }
  const conversations: EvalConversation[] = [];
  const questions: EvalQuestion[] = [];
  const repaired: RepairedEvidence[] = [];
  const droppedEvidence: LeftOut[] = [];
  const skippedQuestions: LeftOut[] = [];
  for (const sample of samples.data) {
    const sessions = readSessions(sample.sample_id, sample.conversation);
    if (sessions.length === 0) throw new Error(`${sample.sample_id} has no session with turns`);
    const turnIds = new Set(sessions.flatMap((session) => session.turns.map((turn) => turn.id)));
    const speakers = [
      ...new Set(sessions.flatMap((session) => session.turns.map((turn) => turn.speaker))),
    ];
    conversations.push({ id: sample.sample_id, speakers, sessions });
    sample.qa.forEach((item, index) => {
      const questionId = `${sample.sample_id}/q${index + 1}`;
      const evidence: string[] = [];
      for (const written of item.evidence) {
        const readAs = readEvidence(written);
        if (readAs.length !== 1 || readAs[0] !== written) {
          repaired.push({ questionId, written, readAs });
        }
        for (const id of readAs) {
          if (!wellFormedId.test(id) || !turnIds.has(id)) {
            droppedEvidence.push({
              questionId,
              reason: `evidence "${id}" names no turn of ${sample.sample_id}`,
            });
          } else if (!evidence.includes(id)) {
            evidence.push(id);
          }
        }
      }
      if (evidence.length === 0) {
        skippedQuestions.push({
          questionId,
          reason:
            item.evidence.length === 0
              ? 'the question has no evidence'
              : 'none of its evidence names a turn of the conversation',
        });
        return;
      }
      const answer = item.answer ?? item.adversarial_answer;
      questions.push({
        id: questionId,
        conversationId: sample.sample_id,
        category:
          item.category === undefined
            ? 'uncategorised'
            : (locomoCategories[item.category] ?? `category-${item.category}`),
        question: item.question,
        ...(answer === undefined ? {} : { answer: String(answer) }),
        evidence,
      });
    });
  }
  return {
    dataset: { name, conversations, questions },
    repaired,
    droppedEvidence,
    skippedQuestions,
  };
}

/**
 * Read a LoCoMo JSON file from disk (see {@link readLocomo}).
 *
 * @throws Error when the file cannot be read, is not JSON, or is not LoCoMo-shaped.
 */
export async function loadLocomo(path: string): Promise<LocomoLoad> {
  const name = path.split(/[\\/]/).pop() ?? path;
  return readLocomo(JSON.parse(await readFile(path, 'utf8')), name.replace(/\.json$/i, ''));
}
