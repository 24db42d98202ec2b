import { type MemoryScope, type MemoryStore, ScopeViolation } from '@symfonic/core';
import { storeKinds } from '@symfonic/surface-contract/stores';
import { memoryCall } from '@symfonic/surface-contract/tool-replies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTenant } from '../__fixtures__/fresh-scopes.js';
import { anthropicToolReply } from '../__fixtures__/tool-call-replies.js';
import { createMemory } from '../create-memory.js';
import { MissingMemoryPort } from '../missing-memory-port.js';

const provenance = { writer: 'agent:test' };
const app = { writer: 'app' };

describe.each(storeKinds)('writes stay in the writer’s branch, on the $name store', (kind) => {
  let store: MemoryStore;
  beforeAll(async () => {
    store = await kind.open();
  });
  afterAll(() => store.close());

  /** A tenant fact, a team fact, the user's own fact and one of their conversation's, and the block the user was shown. */
  async function branch() {
    const tenant = freshTenant();
    const scopes = {
      tenant: { tenant, path: [] },
      team: { tenant, path: ['team:red'] },
      user: { tenant, path: ['team:red', 'user:ada'] },
      conversation: { tenant, path: ['team:red', 'user:ada', 'conversation:1'] },
    } satisfies Record<string, MemoryScope>;
    const ids: Record<string, string> = {};
    for (const [name, scope] of Object.entries(scopes)) {
      const result = await store.apply(
        scope,
        [{ op: 'add', text: `A ${name} fact about tea` }],
        app,
      );
      ids[name] = result.applied[0]?.record.id ?? '';
    }
    const refs = {
      '#1': ids.tenant ?? '',
      '#2': ids.team ?? '',
      '#3': ids.user ?? '',
      '#4': ids.conversation ?? '',
    };
    return { scopes, ids, refs };
  }

  it('refuses an ancestor’s memory as ancestor-read-only in the text channel, writing the rest', async () => {
    const { scopes, refs } = await branch();
    const outcome = await createMemory({ store }).remember(
      scopes.user,
      JSON.stringify({
        ops: [
          { op: 'update', ref: '#1', text: 'The tenant serves coffee' },
          { op: 'delete', ref: '#2' },
          { op: 'update', ref: '#3', text: 'The user drinks oolong' },
          { op: 'delete', ref: '#4' },
        ],
      }),
      { provenance, refs },
    );
    expect(outcome.rejected.map(({ index, code }) => [index, code])).toEqual([
      [0, 'ancestor-read-only'],
      [1, 'ancestor-read-only'],
    ]);
    expect(outcome.rejected[0]?.reason).not.toContain(scopes.tenant.tenant);
    expect(outcome.applied.map(({ index, op }) => [index, op])).toEqual([
      [2, 'update'],
      [3, 'delete'],
    ]);
    const texts = (await store.list(scopes.user)).records.map(({ text }) => text).sort();
    expect(texts).toEqual([
      'A team fact about tea',
      'A tenant fact about tea',
      'The user drinks oolong',
    ]);
  });

  it('refuses the same in the tool channel', async () => {
    const { scopes, refs } = await branch();
    const reply = anthropicToolReply({
      calls: [
        memoryCall('call_1', {
          ops: [
            { op: 'delete', ref: '#1' },
            { op: 'delete', ref: '#3' },
          ],
        }),
      ],
    });
    const outcome = await createMemory({ store }).remember(scopes.user, reply, {
      provenance,
      refs,
    });
    expect(outcome.rejected.map(({ channel, code }) => [channel, code])).toEqual([
      ['tool-call', 'ancestor-read-only'],
    ]);
    expect(outcome.applied.map(({ op, record }) => [op, record.text])).toEqual([
      ['delete', 'A user fact about tea'],
    ]);
  });

  it('lets a memory instance opted in with writes.ancestors change an ancestor’s memory', async () => {
    const { scopes, refs } = await branch();
    const memory = createMemory({ store, writes: { ancestors: true } });
    const outcome = await memory.remember(
      scopes.user,
      JSON.stringify({ ops: [{ op: 'update', ref: '#1', text: 'The tenant serves coffee' }] }),
      { provenance, refs },
    );
    expect(outcome.rejected).toEqual([]);
    expect(outcome.applied[0]?.record.text).toBe('The tenant serves coffee');
  });

  it('holds for applyModelOps by id, and leaves the store’s own apply to the app', async () => {
    const { scopes, ids } = await branch();
    const memory = createMemory({ store });
    const refused = await memory.applyModelOps(
      scopes.user,
      [{ op: 'delete', id: ids.team ?? '' }],
      provenance,
    );
    expect(refused).toMatchObject({
      applied: [],
      rejected: [{ index: 0, code: 'ancestor-read-only' }],
    });
    const own = await memory.applyModelOps(
      scopes.user,
      [{ op: 'delete', id: ids.conversation ?? '' }],
      provenance,
    );
    expect(own.applied.map(({ op }) => op)).toEqual(['delete']);
    const byApp = await store.apply(scopes.user, [{ op: 'delete', id: ids.team ?? '' }], app);
    expect(byApp.applied.map(({ op }) => op)).toEqual(['delete']);
  });

  it('passes an unknown id on to the store, which refuses it as unknown-id', async () => {
    const { scopes } = await branch();
    const result = await createMemory({ store }).applyModelOps(
      scopes.user,
      [{ op: 'delete', id: 'no-such-memory' }],
      provenance,
    );
    expect(result.rejected.map(({ code }) => code)).toEqual(['unknown-id']);
  });
});

describe('writes stay in the writer’s branch, whatever the store', () => {
  const user: MemoryScope = { tenant: 'acme', path: ['user:ada'] };

  it('needs the store’s get for an update or a delete, unless ancestors are writable', async () => {
    const writes: unknown[] = [];
    const applyOnly = {
      async apply(_scope: MemoryScope, ops: readonly unknown[]) {
        writes.push(...ops);
        return { applied: [], rejected: [] };
      },
    };
    const failure = await createMemory({ store: applyOnly })
      .applyModelOps(user, [{ op: 'delete', id: 'm1' }], provenance)
      .catch((error: unknown) => error);
    expect(MissingMemoryPort.isInstance(failure)).toBe(true);
    expect(writes).toEqual([]);
    await createMemory({ store: applyOnly, writes: { ancestors: true } }).applyModelOps(
      user,
      [{ op: 'delete', id: 'm1' }],
      provenance,
    );
    expect(writes).toEqual([{ op: 'delete', id: 'm1' }]);
  });

  it('throws ScopeViolation, writing nothing, when the store’s get answers a foreign memory', async () => {
    const writes: unknown[] = [];
    const leaking = {
      async apply(_scope: MemoryScope, ops: readonly unknown[]) {
        writes.push(...ops);
        return { applied: [], rejected: [] };
      },
      // A backend whose lookup lost its tenant filter.
      async get(_scope: MemoryScope, id: string) {
        const now = new Date();
        return {
          id,
          scope: { tenant: 'other', path: ['user:9'] },
          layer: 'semantic' as const,
          text: 'Another tenant’s fact',
          salience: 0.5,
          createdAt: now,
          updatedAt: now,
          provenance: { writer: 'app' },
        };
      },
    };
    const failure = await createMemory({ store: leaking })
      .applyModelOps(user, [{ op: 'delete', id: 'm1' }], provenance)
      .catch((error: unknown) => error);
    expect(ScopeViolation.isInstance(failure)).toBe(true);
    expect(writes).toEqual([]);
  });
});
