import { describe, expect, it } from 'vitest';
import { contentStems } from '../content-stems.js';
import type { EvalDataset, EvalQuestion, EvalSession, EvalTurn } from '../eval-dataset.js';
import { memoryText } from '../memory-text.js';
import { readEvalDataset } from '../read-eval-dataset.js';
import {
  generateStructuresDataset,
  relativeDays,
  structuresCategories,
} from './generate-structures-dataset.js';
import { daysBefore, monthNames } from './session-dates.js';
import { structuresDatasetPath } from './structures-dataset-path.js';
import { structuresSplitNames, structuresSplits } from './structures-splits.js';

interface Said {
  readonly turn: EvalTurn;
  readonly session: EvalSession;
}

const committed = new Map<string, EvalDataset>();
for (const split of structuresSplitNames) {
  committed.set(split, await readEvalDataset(structuresDatasetPath(split)));
}

/** Every turn of a data set, by conversation and turn id, in the order said. */
function turnsOf(dataset: EvalDataset): Map<string, Said[]> {
  return new Map(
    dataset.conversations.map((conversation) => [
      conversation.id,
      conversation.sessions.flatMap((session) => session.turns.map((turn) => ({ turn, session }))),
    ]),
  );
}

function without(stems: Set<string>, names: readonly string[]): Set<string> {
  const left = new Set(stems);
  for (const name of names) for (const stem of contentStems(name)) left.delete(stem);
  return left;
}

function overlap(left: Set<string>, right: Set<string>): string[] {
  return [...left].filter((stem) => right.has(stem));
}

describe.each(structuresSplitNames)(
  'the committed %s split of the structures data set',
  (split) => {
    const dataset = committed.get(split) as EvalDataset;
    const turns = turnsOf(dataset);
    const evidenceOf = (question: EvalQuestion): Said[] =>
      question.evidence.map((id) => {
        const found = turns.get(question.conversationId)?.find((said) => said.turn.id === id);
        if (!found) throw new Error(`${question.id}: no turn ${id}`);
        return found;
      });
    const speakersOf = (question: EvalQuestion): string[] =>
      dataset.conversations.find((conversation) => conversation.id === question.conversationId)
        ?.speakers ?? [];
    const ofCategory = (category: string) =>
      dataset.questions.filter((question) => question.category === category);

    it('is exactly what the deterministic generator makes for the split', () => {
      expect(dataset.name).toBe(structuresSplits[split].name);
      expect(generateStructuresDataset(split)).toEqual(dataset);
      expect(generateStructuresDataset(split)).toEqual(generateStructuresDataset(split));
    });

    it('has 4 conversations of 20 dated sessions of 20 turns, no turn id or text said twice', () => {
      expect(dataset.conversations).toHaveLength(4);
      for (const conversation of dataset.conversations) {
        expect(conversation.sessions).toHaveLength(20);
        for (const session of conversation.sessions) {
          expect(session.turns).toHaveLength(20);
          expect(Number.isNaN(Date.parse(`${session.date} UTC`))).toBe(false);
        }
        const said = conversation.sessions.flatMap((session) => session.turns);
        expect(new Set(said.map((turn) => turn.id)).size).toBe(said.length);
        expect(new Set(said.map((turn) => turn.text)).size).toBe(said.length);
      }
    });

    it('has 112 questions of the four categories, every evidence turn existing', () => {
      const perCategory: Record<string, number> = {};
      for (const question of dataset.questions) {
        perCategory[question.category] = (perCategory[question.category] ?? 0) + 1;
        expect(evidenceOf(question).length, question.id).toBe(question.evidence.length);
      }
      expect(perCategory).toEqual({
        [structuresCategories.replyToTurn]: 40,
        [structuresCategories.whenSaid]: 24,
        [structuresCategories.twoTurns]: 24,
        [structuresCategories.thirdPerson]: 24,
      });
      expect(new Set(dataset.questions.map((question) => question.id)).size).toBe(112);
    });

    it('answers reply-to-turn questions by a turn sharing no content stem with them but the name, after a turn that does', () => {
      for (const question of ofCategory(structuresCategories.replyToTurn)) {
        const [evidence] = evidenceOf(question) as [Said];
        const asked = without(contentStems(question.question), [evidence.turn.speaker]);
        const stored = contentStems(memoryText(evidence.turn, evidence.session));
        expect(overlap(asked, stored), question.question).toEqual([]);
        const position = evidence.session.turns.indexOf(evidence.turn);
        const previous = evidence.session.turns[position - 1] as EvalTurn;
        expect(previous.speaker).not.toBe(evidence.turn.speaker);
        expect(overlap(asked, contentStems(previous.text)).length, question.id).toBeGreaterThan(0);
      }
    });

    it('identifies when-said evidence by its date only: a day counted from the session, no date in its words, its words said in other sessions too', () => {
      for (const question of ofCategory(structuresCategories.whenSaid)) {
        const [evidence] = evidenceOf(question) as [Said];
        const { text } = evidence.turn;
        expect(text, question.id).not.toMatch(/\d/);
        for (const month of monthNames) expect(text).not.toContain(month);
        const relative = relativeDays.filter(({ words }) => text.includes(words));
        const longest = relative.sort((left, right) => right.words.length - left.words.length)[0];
        expect(longest, text).toBeDefined();
        expect(question.answer).toBe(
          daysBefore(evidence.session.date as string, longest?.days ?? 0),
        );
        expect(question.answer).not.toBe(evidence.session.date);
        const asked = without(contentStems(question.question), speakersOf(question));
        const elsewhere = (turns.get(question.conversationId) ?? []).filter(
          (said) =>
            said.session.number !== evidence.session.number &&
            overlap(asked, contentStems(said.turn.text)).length > 0,
        );
        expect(elsewhere.length, question.id).toBeGreaterThan(0);
      }
    });

    it('spreads each two-turns fact over two turns of one speaker in different sessions', () => {
      for (const question of ofCategory(structuresCategories.twoTurns)) {
        const [first, second] = evidenceOf(question) as [Said, Said];
        expect(question.evidence).toHaveLength(2);
        expect(second.turn.speaker).toBe(first.turn.speaker);
        expect(second.session.number).toBeGreaterThan(first.session.number);
      }
    });

    it('asks third-person questions of a speaker whose own first-person turn is the evidence, echoed by the other speaker elsewhere', () => {
      for (const question of ofCategory(structuresCategories.thirdPerson)) {
        const [evidence] = evidenceOf(question) as [Said];
        const subject = evidence.turn.speaker;
        expect(question.question).toContain(subject);
        expect(evidence.turn.text).not.toContain(subject);
        expect(evidence.turn.text).toMatch(/^I /);
        const asked = without(contentStems(question.question), speakersOf(question));
        const echoes = (turns.get(question.conversationId) ?? []).filter(
          (said) =>
            said.turn.speaker !== subject &&
            said.session.number !== evidence.session.number &&
            overlap(asked, contentStems(said.turn.text)).length > 0,
        );
        expect(echoes.length, question.id).toBeGreaterThan(0);
      }
    });
  },
);

describe('the splits of the structures data set', () => {
  const pairs = structuresSplitNames.flatMap((left, index) =>
    structuresSplitNames.slice(index + 1).map((right) => [left, right] as const),
  );

  it.each(pairs)(
    '%s and %s share no conversation, speaker, question or structure text, and come from different seeds',
    (left, right) => {
      const [development, heldOut] = [left, right].map(
        (split) => committed.get(split) as EvalDataset,
      ) as [EvalDataset, EvalDataset];
      expect(structuresSplits[left].seed).not.toBe(structuresSplits[right].seed);
      const ids = (dataset: EvalDataset) =>
        dataset.conversations.map((conversation) => conversation.id);
      const speakers = (dataset: EvalDataset) =>
        dataset.conversations.flatMap((conversation) => conversation.speakers);
      const questions = (dataset: EvalDataset) =>
        dataset.questions.map((question) => question.question);
      const evidenceTexts = (dataset: EvalDataset) => {
        const turns = turnsOf(dataset);
        return dataset.questions.flatMap((question) =>
          question.evidence.map(
            (id) =>
              turns.get(question.conversationId)?.find((said) => said.turn.id === id)?.turn.text ??
              '',
          ),
        );
      };
      for (const of of [ids, speakers, questions, evidenceTexts]) {
        const seen = new Set(of(development));
        expect(of(heldOut).filter((value) => seen.has(value))).toEqual([]);
      }
    },
  );
});
