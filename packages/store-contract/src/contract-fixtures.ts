import {
  type MemoryOpInput,
  type MemoryRecord,
  type MemoryScope,
  type MemoryStore,
  type Provenance,
  SymfonicError,
} from '@symfonic/core';
import { expect } from 'vitest';

/** The provenance the suite writes with unless a test says otherwise. */
export const writerProvenance: Provenance = { writer: 'contract-suite' };

/** Shorthand for a scope of tenant `acme`. */
export function acme(...path: string[]): MemoryScope {
  return { tenant: 'acme', path };
}

/** Shorthand for a scope of tenant `globex`. */
export function globex(...path: string[]): MemoryScope {
  return { tenant: 'globex', path };
}

/** An add op, or a text standing for a semantic add with default salience. */
export type MemoryInput = string | Extract<MemoryOpInput, { op: 'add' }>;

/**
 * Add memories at `scope` in one apply and return their records in order.
 * Fails the test if any op is rejected: seeding is not what is under test.
 */
export async function addMemories(
  store: MemoryStore,
  scope: MemoryScope,
  inputs: readonly MemoryInput[],
  provenance: Provenance = writerProvenance,
): Promise<MemoryRecord[]> {
  const ops = inputs.map((input) =>
    typeof input === 'string' ? { op: 'add' as const, text: input } : input,
  );
  const result = await store.apply(scope, ops, provenance);
  expect(result.rejected, 'seeding memories must not be rejected').toEqual([]);
  return [...result.applied].sort((left, right) => left.index - right.index).map((a) => a.record);
}

/** Add one memory and return its record. */
export async function addMemory(
  store: MemoryStore,
  scope: MemoryScope,
  input: MemoryInput,
  provenance: Provenance = writerProvenance,
): Promise<MemoryRecord> {
  const [record] = await addMemories(store, scope, [input], provenance);
  if (!record) throw new Error('the store applied no op for a single add');
  return record;
}

/**
 * Await `action` and assert it rejected with a Symfonic error of `code`
 * (e.g. `MemoryUnavailable.code`), recognised across package copies.
 */
export async function expectFailure(action: Promise<unknown>, code: string): Promise<void> {
  let failure: unknown;
  try {
    await action;
  } catch (error) {
    failure = error;
  }
  expect(failure, `expected a rejection with ${code}`).toBeDefined();
  expect(
    SymfonicError.isInstance(failure),
    `expected a Symfonic error, got ${String(failure)}`,
  ).toBe(true);
  expect((failure as SymfonicError).code).toBe(code);
}

/** The ids of a list of records or scored memories. */
export function idsOf(rows: readonly ({ id: string } | { record: { id: string } })[]): string[] {
  return rows.map((row) => ('record' in row ? row.record.id : row.id));
}
