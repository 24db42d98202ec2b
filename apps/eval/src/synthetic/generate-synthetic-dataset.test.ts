import { describe, expect, it } from 'vitest';
import { contentStems } from '../content-stems.js';
import type { EvalConversation, EvalSession, EvalTurn } from '../eval-dataset.js';
import { memoryText } from '../memory-text.js';
import { readEvalDataset } from '../read-eval-dataset.js';
import { generateSyntheticDataset, syntheticDatasetName } from './generate-synthetic-dataset.js';
import { syntheticDatasetPath } from './synthetic-dataset-path.js';

const committed = await readEvalDataset(syntheticDatasetPath);

function turnsOf(
  conversation: EvalConversation,
): Map<string, { turn: EvalTurn; session: EvalSession }> {
  const turns = new Map<string, { turn: EvalTurn; session: EvalSession }>();
  for (const session of conversation.sessions) {
    for (const turn of session.turns) turns.set(turn.id, { turn, session });
  }
  return turns;
}

const conversations = new Map(
  committed.conversations.map((conversation) => [conversation.id, turnsOf(conversation)]),
);

describe('the committed synthetic data set', () => {
  it('is exactly what the deterministic generator makes', () => {
    expect(committed.name).toBe(syntheticDatasetName);
    expect(generateSyntheticDataset()).toEqual(committed);
  });

  it('has 5 conversations of 20 dated sessions of 20 turns between two speakers', () => {
    expect(committed.conversations).toHaveLength(5);
    for (const conversation of committed.conversations) {
      expect(conversation.speakers).toHaveLength(2);
      expect(conversation.sessions).toHaveLength(20);
      const dates = conversation.sessions.map((session) => Date.parse(`${session.date} UTC`));
      for (let index = 1; index < dates.length; index += 1) {
        expect(dates[index]).toBeGreaterThan(dates[index - 1] as number);
      }
      for (const session of conversation.sessions) {
        expect(session.turns).toHaveLength(20);
        const speakers = new Set(session.turns.map((turn) => turn.speaker));
        expect([...speakers].sort()).toEqual([...conversation.speakers].sort());
      }
    }
  });

  it('has unique turn ids and texts in each conversation (no turn is merged by the store)', () => {
    for (const conversation of committed.conversations) {
      const turns = conversation.sessions.flatMap((session) => session.turns);
      expect(new Set(turns.map((turn) => turn.id)).size).toBe(turns.length);
      expect(new Set(turns.map((turn) => turn.text)).size).toBe(turns.length);
    }
  });

  it('has at least 300 questions, every category represented, every evidence id existing', () => {
    expect(committed.questions.length).toBeGreaterThanOrEqual(300);
    const perCategory = new Map<string, number>();
    for (const question of committed.questions) {
      perCategory.set(question.category, (perCategory.get(question.category) ?? 0) + 1);
      const turns = conversations.get(question.conversationId);
      expect(turns, question.id).toBeDefined();
      for (const id of question.evidence) expect(turns?.has(id), `${question.id} ${id}`).toBe(true);
    }
    expect(Object.fromEntries(perCategory)).toEqual({
      'single-hop': 150,
      paraphrase: 150,
      date: 100,
      corrected: 35,
      'multi-hop': 45,
    });
    expect(new Set(committed.questions.map((question) => question.id)).size).toBe(
      committed.questions.length,
    );
  });

  it('asks paraphrase questions sharing no content word or stem with their evidence as stored', () => {
    for (const question of committed.questions.filter((q) => q.category === 'paraphrase')) {
      const found = conversations.get(question.conversationId)?.get(question.evidence[0] as string);
      if (!found) throw new Error(`no evidence for ${question.id}`);
      const stored = contentStems(memoryText(found.turn, found.session));
      const shared = [...contentStems(question.question)].filter((stem) => stored.has(stem));
      expect(shared, question.question).toEqual([]);
    }
  });

  it('answers date questions with the date of the evidence session', () => {
    for (const question of committed.questions.filter((q) => q.category === 'date')) {
      const found = conversations.get(question.conversationId)?.get(question.evidence[0] as string);
      expect(question.answer).toBe(found?.session.date);
    }
  });

  it('puts the evidence of a corrected question in a session after the one it corrects', () => {
    const corrected = committed.questions.filter((q) => q.category === 'corrected');
    for (const question of corrected) {
      const found = conversations.get(question.conversationId)?.get(question.evidence[0] as string);
      expect(found?.session.number, question.id).toBeGreaterThanOrEqual(3);
      expect(found?.turn.text).toMatch(/changed|moved|called|pushed|switched|cancelled|Correction/);
    }
  });

  it('gathers several turns for each multi-hop question', () => {
    for (const question of committed.questions.filter((q) => q.category === 'multi-hop')) {
      expect(question.evidence.length).toBeGreaterThanOrEqual(2);
    }
  });
});
