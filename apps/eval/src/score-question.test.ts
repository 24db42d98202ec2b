import { describe, expect, it } from 'vitest';
import type { EvalQuestion } from './eval-dataset.js';
import type { IngestedConversation } from './ingest-conversation.js';
import { scoreQuestion } from './score-question.js';

// Turns t1..t12 in sessions 1 (t1-t4), 2 (t5-t8), 3 (t9-t12); memory mN holds turn tN,
// and turn t13 (session 3) was merged into m9 (same text); turn t14 was refused.
const turns = Array.from({ length: 12 }, (_, index) => `t${index + 1}`);
const ingested: IngestedConversation = {
  scope: { tenant: 'test', path: ['conversation:c'] },
  turnOfMemory: new Map(turns.map((turn) => [`m${turn.slice(1)}`, turn])),
  memoryOfTurn: new Map([
    ...turns.map((turn) => [turn, `m${turn.slice(1)}`] as const),
    ['t13', 'm9'],
  ]),
  sessionOfTurn: new Map([
    ...turns.map((turn, index) => [turn, Math.floor(index / 4) + 1] as const),
    ['t13', 3],
    ['t14', 3],
  ]),
  merged: [{ turnId: 't13', reason: 'same text as turn t9' }],
  refused: [{ turnId: 't14', reason: 'too long' }],
};

function question(evidence: string[]): EvalQuestion {
  return { id: 'q', conversationId: 'c', category: 'test', question: '?', evidence };
}

describe('scoreQuestion', () => {
  it('computes fractional turn recall at 5, 10 and 25 (checked by hand)', () => {
    // ranking: m1 m2 ... m12; evidence t3 (rank 3) and t7 (rank 7)
    const ranked = turns.map((turn) => `m${turn.slice(1)}`);
    const outcome = scoreQuestion(question(['t3', 't7']), ranked, ingested, 1.5);
    expect(outcome.turnRecall).toEqual({ at5: 0.5, at10: 1, at25: 1 });
    expect(outcome.firstEvidenceRank).toBe(3);
    expect(outcome.latencyMs).toBe(1.5);
  });

  it('ranks sessions by the first place one of their turns reaches', () => {
    // sessions reached in order: 3 (m9), 1 (m1), 2 (m5): session 2 is third.
    const outcome = scoreQuestion(question(['t6']), ['m9', 'm1', 'm2', 'm5'], ingested, 0);
    expect(outcome.turnRecall.at5).toBe(0);
    expect(outcome.sessionRecallAt5).toBe(1);
    const evidenceInTwoSessions = scoreQuestion(question(['t6', 't12']), ['m9'], ingested, 0);
    expect(evidenceInTwoSessions.sessionRecallAt5).toBe(0.5);
  });

  it('finds a merged turn with the memory holding its text, and never a refused one', () => {
    expect(scoreQuestion(question(['t13']), ['m9'], ingested, 0).turnRecall.at5).toBe(1);
    const refused = scoreQuestion(question(['t14', 't1']), ['m1', 'm2'], ingested, 0);
    expect(refused.turnRecall).toEqual({ at5: 0.5, at10: 0.5, at25: 0.5 });
  });

  it('scores 0 and no rank when nothing relevant was retrieved', () => {
    const outcome = scoreQuestion(question(['t12']), ['m1', 'm2'], ingested, 0);
    expect(outcome.turnRecall).toEqual({ at5: 0, at10: 0, at25: 0 });
    expect(outcome.sessionRecallAt5).toBe(0);
    expect(outcome.firstEvidenceRank).toBeUndefined();
  });
});
