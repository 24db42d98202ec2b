import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadLocomo, readLocomo } from './load-locomo.js';

const fixture = fileURLToPath(new URL('./__fixtures__/locomo-sample.json', import.meta.url));

describe('loadLocomo', () => {
  it('reads each sample as a conversation of its non-empty sessions, dated, in order', async () => {
    const { dataset } = await loadLocomo(fixture);
    expect(dataset.name).toBe('locomo-sample');
    expect(dataset.conversations.map((conversation) => conversation.id)).toEqual([
      'conv-a',
      'conv-b',
    ]);
    const [first] = dataset.conversations;
    expect(first?.speakers).toEqual(['Caroline', 'Melanie']);
    expect(first?.sessions.map((session) => [session.number, session.date])).toEqual([
      [1, '1:56 pm on 8 May, 2023'],
      [2, '1:14 pm on 25 May, 2023'],
    ]);
    expect(first?.sessions[1]?.turns[0]).toEqual({
      id: 'D2:1',
      speaker: 'Melanie',
      text: 'I painted a sunrise over the lake last week. [shared an image: a painting of a sunrise]',
    });
  });

  it('repairs evidence written as several ids or with stray punctuation, and reports it', async () => {
    const { dataset, repaired } = await loadLocomo(fixture);
    const evidenceOf = (id: string) =>
      dataset.questions.find((question) => question.id === id)?.evidence;
    expect(evidenceOf('conv-a/q2')).toEqual(['D2:1', 'D2:3']);
    expect(evidenceOf('conv-a/q3')).toEqual(['D1:3']);
    expect(evidenceOf('conv-a/q4')).toEqual(['D2:1']);
    expect(repaired).toEqual([
      { questionId: 'conv-a/q2', written: 'D2:1; D2:3', readAs: ['D2:1', 'D2:3'] },
      { questionId: 'conv-a/q3', written: 'D:1:3', readAs: ['D1:3'] },
      { questionId: 'conv-a/q4', written: 'D02:01', readAs: ['D2:1'] },
    ]);
  });

  it('leaves out evidence naming no turn, and questions left with none, each with a reason', async () => {
    const { dataset, droppedEvidence, skippedQuestions } = await loadLocomo(fixture);
    expect(droppedEvidence).toEqual([
      { questionId: 'conv-a/q4', reason: 'evidence "D9:9" names no turn of conv-a' },
      { questionId: 'conv-a/q6', reason: 'evidence "D7:1" names no turn of conv-a' },
    ]);
    expect(skippedQuestions).toEqual([
      { questionId: 'conv-a/q5', reason: 'the question has no evidence' },
      {
        questionId: 'conv-a/q6',
        reason: 'none of its evidence names a turn of the conversation',
      },
    ]);
    expect(dataset.questions.map((question) => question.id)).toEqual([
      'conv-a/q1',
      'conv-a/q2',
      'conv-a/q3',
      'conv-a/q4',
      'conv-b/q1',
    ]);
  });

  it('names categories as LoCoMo does and keeps answers as text', async () => {
    const { dataset } = await loadLocomo(fixture);
    expect(dataset.questions.map((question) => question.category)).toEqual([
      'temporal',
      'multi-hop',
      'single-hop',
      'single-hop',
      'multi-hop',
    ]);
    expect(dataset.questions.at(-1)?.answer).toBe('2');
  });

  it('refuses input that is not LoCoMo-shaped, naming the field', () => {
    expect(() => readLocomo({ conversation: {} })).toThrow(/not a LoCoMo file/);
    expect(() => readLocomo([{ sample_id: 'x', conversation: {}, qa: [] }])).toThrow(
      /x has no session/,
    );
    expect(() =>
      readLocomo([{ sample_id: 'x', conversation: { session_1: [{ text: 'hi' }] }, qa: [] }]),
    ).toThrow(/x\.conversation\.session_1 is not a list/);
  });
});
