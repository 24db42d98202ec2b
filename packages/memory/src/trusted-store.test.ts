import {
  type ConversationTurnInput,
  InvalidMemoryInput,
  isDefinedStore,
  type MemoryScope,
  type MemoryStore,
  ScopeViolation,
} from '@symfonic/core';
import { createInMemoryStore } from '@symfonic/store-memory';
import { describe, expect, it } from 'vitest';
import { leakingCandidates } from './__fixtures__/leaking-candidates.js';
import { createMemory } from './create-memory.js';

const user: MemoryScope = { tenant: 'acme', path: ['user:1'] };
const other: MemoryScope = { tenant: 'globex', path: ['user:1'] };
const writer = { writer: 'test' };

/**
 * The ports memory uses of `store`, with `overrides` laid over them: keeping
 * its brand when `branded` (inherited through the prototype, as a forger
 * would), losing it otherwise, as a hand-written wrapper does.
 */
function overlay(
  store: MemoryStore,
  overrides: Partial<MemoryStore>,
  branded: boolean,
): MemoryStore {
  const ports: Partial<MemoryStore> = {
    append: (scope, turn) => store.append(scope, turn),
    recent: (scope, limit) => store.recent(scope, limit),
    scanCandidates: (query) => store.scanCandidates(query),
    pinned: (scope, options) => store.pinned(scope, options),
    ...overrides,
  };
  const base = branded ? (Object.create(store) as MemoryStore) : {};
  return Object.assign(base, ports) as MemoryStore;
}

/** A store whose searches also answer another tenant's memories: what only the kit's checks catch. */
async function leaking(branded: boolean): Promise<MemoryStore> {
  const store = createInMemoryStore();
  await store.apply(
    user,
    [{ op: 'add', text: 'Drinks green tea', salience: 0.9, layer: 'semantic' }],
    writer,
  );
  await store.apply(
    other,
    [{ op: 'add', text: 'Another tenant drinks tea', salience: 0.9, layer: 'semantic' }],
    writer,
  );
  return overlay(
    store,
    {
      ...leakingCandidates(store, other),
      async pinned(scope, options) {
        return [...(await store.pinned(scope, options)), ...(await store.pinned(other, options))];
      },
    },
    branded,
  );
}

describe('a store built by defineStore is trusted', () => {
  it('is branded when built by the kit, and not once wrapped by hand', () => {
    const store = createInMemoryStore();
    expect(isDefinedStore(store)).toBe(true);
    expect(isDefinedStore(overlay(store, {}, false))).toBe(false);
  });

  it('hands a branded store the turn as given, and a hand-written one the turn parsed', async () => {
    for (const branded of [true, false]) {
      const store = createInMemoryStore();
      const received: ConversationTurnInput[] = [];
      const spying = overlay(
        store,
        {
          append: (scope, turn) => {
            received.push(turn);
            return store.append(scope, turn);
          },
        },
        branded,
      );
      const turn = { turnId: 't1', text: 'hello' };
      const logged = await createMemory({ store: spying }).record(user, turn);
      expect(logged).toMatchObject({ turnId: 't1', text: 'hello', turn: 0 });
      expect(received[0] === turn).toBe(branded);
    }
  });

  /** `store` with every read hydrate makes recorded: the scope each was handed. */
  function readsOf(store: MemoryStore, branded: boolean) {
    const handed: unknown[] = [];
    const spying = overlay(
      store,
      {
        recent: (scope, limit) => {
          handed.push(scope);
          return store.recent(scope, limit);
        },
        scanCandidates: (query) => {
          handed.push(query.scope);
          return store.scanCandidates(query);
        },
        pinned: (scope, options) => {
          handed.push(scope);
          return store.pinned(scope, options);
        },
      },
      branded,
    );
    return { spying, handed };
  }

  it('hands a branded store the scope of hydrate as given, and a hand-written one the scope parsed', async () => {
    for (const branded of [true, false]) {
      const { spying, handed } = readsOf(createInMemoryStore(), branded);
      const scope = { tenant: 'acme', path: ['user:1'] };
      await createMemory({ store: spying }).hydrate(scope, 'tea');
      // The window, recall and pinning each asked once: the kit parses the scope in each call.
      expect(handed).toHaveLength(3);
      for (const given of handed) {
        expect(given).toEqual(scope);
        expect(given === scope).toBe(branded);
      }
    }
  });

  it('refuses a malformed scope in hydrate whichever parses it, and parses it itself when it asks the store nothing', async () => {
    const malformed = { tenant: 'a/b', path: [] };
    const askingNothing = {
      working: { recentTurns: 0 },
      recall: { limit: 0, pinned: { limit: 0 } },
    };
    for (const [branded, options, asked] of [
      // The kit's calls refuse it, each before its backend reads.
      [true, {}, 3],
      // Nothing asks the kit: hydrate parses it itself.
      [true, askingNothing, 0],
      // A hand-written store is never handed it.
      [false, {}, 0],
      [false, askingNothing, 0],
    ] as const) {
      const { spying, handed } = readsOf(createInMemoryStore(), branded);
      await expect(
        createMemory({ store: spying, ...options }).hydrate(malformed, 'tea'),
      ).rejects.toSatisfy(InvalidMemoryInput.isInstance);
      expect(handed).toHaveLength(asked);
    }
  });

  it("does not check a branded store's answers again, and checks a hand-written one's", async () => {
    const trusted = await createMemory({ store: await leaking(true) }).hydrate(user, 'tea');
    // The kit's checks are what a branded store owes: forging the brand skips memory's.
    expect(trusted.recalled.length).toBeGreaterThan(0);
    const failure = await createMemory({ store: await leaking(false) })
      .hydrate(user, 'tea')
      .catch((error: unknown) => error);
    expect(ScopeViolation.isInstance(failure)).toBe(true);
  });
});
