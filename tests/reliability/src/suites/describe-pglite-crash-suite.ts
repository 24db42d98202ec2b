import { cpSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MemoryScope, type MemoryStore, MemoryUnavailable } from '@symfonic/core';
import { createDrizzleStore } from '@symfonic/store-drizzle';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { openPGlite, type PGliteUnderTest } from '../harness/open-pglite-under-test.js';
import { type ScopeSnapshot, snapshotScope } from '../harness/scope-snapshot.js';
import { tapStatements } from '../harness/statement-tap.js';
import type { SuiteContext } from './suite-context.js';

const provenance = { writer: 'crash-suite' };
/** The first statement of an apply that comes after a row was already changed in its transaction. */
const versionInsert = /insert into "symfonic"\."memory_versions"/i;

/** Seed two memories at `scope` and answer the batch that updates one, deletes the other and adds twenty. */
async function seedBatch(store: MemoryStore, scope: MemoryScope): Promise<unknown[]> {
  const seeded = await store.apply(
    scope,
    [
      { op: 'add', text: 'harbor to update' },
      { op: 'add', text: 'harbor to delete' },
    ],
    provenance,
  );
  const [updated, deleted] = [...seeded.applied]
    .sort((left, right) => left.index - right.index)
    .map((applied) => applied.record.id);
  return [
    { op: 'update', id: updated, text: 'harbor updated' },
    { op: 'delete', id: deleted },
    ...Array.from({ length: 20 }, (_, index) => ({ op: 'add', text: `harbor added ${index}` })),
  ];
}

/** A store over the PGlite files in `directory`, and how to close both. */
async function reopen(directory: string): Promise<{ store: MemoryStore; close(): Promise<void> }> {
  const client = await openPGlite(directory);
  const store = await createDrizzleStore({ db: drizzle({ client }) });
  return {
    store,
    close: async () => {
      await store.close();
      await client.close();
    },
  };
}

/**
 * PGlite interrupted mid-transaction, on disk: the process dying (its files
 * copied at the instant the apply had changed a row and not committed,
 * then opened as a restart would) and PGlite closed under a running apply.
 * Either way nothing is half-written, and a retry completes.
 */
export function describePGliteCrashSuite(
  context: SuiteContext,
  pglite: () => PGliteUnderTest,
): void {
  describe('PGlite interrupted mid-transaction', () => {
    it('recovers to the last commit when the process dies mid-apply, and a retry completes', async () => {
      const { store, tap, dataDirectory } = pglite();
      const scope: MemoryScope = { tenant: 'crashed', path: ['user:1'] };
      const batch = await seedBatch(store, scope);
      const before = await snapshotScope(store, scope);
      const image = await mkdtemp(join(tmpdir(), 'symfonic-crash-'));
      let imaged = false;
      tap.before = (statement) => {
        if (imaged || !versionInsert.test(statement)) return;
        imaged = true;
        // Synchronous: PGlite runs nothing while the files are copied, so this is the disk at that instant.
        cpSync(dataDirectory, image, { recursive: true });
      };
      try {
        await store.apply(scope, batch, provenance);
      } finally {
        tap.before = undefined;
      }
      expect(imaged).toBe(true);
      context.figures.count('faultsInjected');
      const survivor = await snapshotScope(store, scope);

      const restarted = await reopen(image);
      try {
        expect(await snapshotScope(restarted.store, scope), 'nothing half-written').toEqual(before);
        const retried = await restarted.store.apply(scope, batch, provenance);
        expect(retried.rejected).toEqual([]);
        expect(await snapshotScope(restarted.store, scope)).toEqual(survivor);
      } finally {
        await restarted.close();
        await rm(image, { recursive: true, force: true });
      }
    });

    it('finishes or undoes an apply whole when PGlite is closed under it, and a retry completes', async () => {
      const { store, dataDirectory } = pglite();
      const scope: MemoryScope = { tenant: 'closed', path: ['user:1'] };
      const batch = await seedBatch(store, scope);
      const before = await snapshotScope(store, scope);
      const copy = await mkdtemp(join(tmpdir(), 'symfonic-closed-'));
      await cp(dataDirectory, copy, { recursive: true });
      try {
        const client = await openPGlite(copy);
        const tapped = tapStatements(client);
        const victim = await createDrizzleStore({ db: drizzle({ client: tapped.client }) });
        let closing: Promise<void> | undefined;
        tapped.tap.before = (statement) => {
          if (!closing && versionInsert.test(statement)) closing = client.close();
        };
        const outcome = await victim
          .apply(scope, batch, provenance)
          .catch((error: unknown) => error);
        await closing;
        expect(closing).toBeDefined();
        context.figures.count('faultsInjected');
        if (!('applied' in (outcome as object))) {
          expect(MemoryUnavailable.isInstance(outcome)).toBe(true);
        }
        const afterClose = await victim.list(scope).catch((error: unknown) => error);
        expect(MemoryUnavailable.isInstance(afterClose), 'a closed PGlite is unavailable').toBe(
          true,
        );

        await store.apply(scope, batch, provenance);
        const complete = await snapshotScope(store, scope);
        const restarted = await reopen(copy);
        try {
          const found = await snapshotScope(restarted.store, scope);
          expect([before, complete] as ScopeSnapshot[], 'all or nothing').toContainEqual(found);
          await restarted.store.apply(scope, batch, provenance);
          expect(await snapshotScope(restarted.store, scope)).toEqual(complete);
        } finally {
          await restarted.close();
        }
      } finally {
        await rm(copy, { recursive: true, force: true });
      }
    });
  });
}
