import { describe, expect, it } from 'vitest';
import { conversationTurnInputSchema, conversationTurnSchema } from './conversation-turn.js';
import { Limits } from './limits.js';
import { memoryQuerySchema } from './memory-query.js';
import { memoryRecordSchema } from './memory-record.js';
import { provenanceSchema } from './provenance.js';
import { retrievalResultSchema } from './retrieval-result.js';

const scope = { tenant: 'acme', path: ['user:1'] };

describe('schemas', () => {
  it('parse a full memory record and keep Unicode exactly', () => {
    const record = {
      id: 'm1',
      scope,
      layer: 'semantic',
      text: 'likes 🍵 and שלום and e\u0301',
      salience: 0.8,
      provenance: { writer: 'agent', turnId: 't1', replyFamily: 'anthropic' },
      createdAt: new Date(0),
      updatedAt: new Date(0),
      metadata: { source: 'chat', tags: ['a'] },
    };
    expect(memoryRecordSchema.parse(record)).toEqual(record);
  });

  it('count text limits in code points, so an emoji is one character', () => {
    const atLimit = '🙂'.repeat(Limits.memoryText);
    const base = { id: 'm', scope, layer: 'semantic', salience: 0.5, provenance: { writer: 'w' } };
    const dates = { createdAt: new Date(0), updatedAt: new Date(0) };
    expect(memoryRecordSchema.safeParse({ ...base, ...dates, text: atLimit }).success).toBe(true);
    expect(memoryRecordSchema.safeParse({ ...base, ...dates, text: `${atLimit}🙂` }).success).toBe(
      false,
    );
  });

  it('default a turn with no speaker to the empty speaker', () => {
    expect(conversationTurnSchema.parse({ turnId: 't1', text: 'hi', turn: 0 }).speaker).toBe('');
  });

  it('let a writer leave the turn number to the log, and refuse a malformed one', () => {
    expect(conversationTurnInputSchema.parse({ turnId: 't1', text: 'hi' })).toEqual({
      turnId: 't1',
      speaker: '',
      text: 'hi',
    });
    expect(conversationTurnInputSchema.parse({ turnId: 't1', text: 'hi', turn: 3 }).turn).toBe(3);
    expect(
      conversationTurnInputSchema.safeParse({ turnId: 't1', text: 'hi', turn: -1 }).success,
    ).toBe(false);
    expect(
      conversationTurnInputSchema.safeParse({ turnId: 't1', text: 'hi', extra: 1 }).success,
    ).toBe(false);
    expect(conversationTurnSchema.safeParse({ turnId: 't1', text: 'hi' }).success).toBe(false);
  });

  it('refuse a query with a negative limit or an unknown field', () => {
    expect(memoryQuerySchema.safeParse({ scope, cue: 'tea', limit: -1 }).success).toBe(false);
    expect(memoryQuerySchema.safeParse({ scope, cue: 'tea', limit: 5, tenant: 'x' }).success).toBe(
      false,
    );
    expect(
      memoryQuerySchema.safeParse({ scope, cue: 'tea', limit: 5, layers: ['semantic'] }).success,
    ).toBe(true);
  });

  it('refuse provenance without a writer', () => {
    expect(provenanceSchema.safeParse({ turnId: 't1' }).success).toBe(false);
  });

  it('require a reason for every dropped row', () => {
    expect(
      retrievalResultSchema.safeParse({
        memories: [],
        dropped: [{ id: 'm1', reason: '' }],
        degradations: [],
      }).success,
    ).toBe(false);
  });
});
