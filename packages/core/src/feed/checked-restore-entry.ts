import type { z } from 'zod';
import { type LoggedTurn, loggedTurnSchema } from './logged-turn.js';
import { plainRestoredMemory } from './plain-restored-memory.js';
import { type RestoredMemory, restoredMemorySchema } from './restore-batch.js';

/** The entries this copy of core checked and froze: `readRestoreBatch` takes them as they are. */
const checked = new WeakSet<object>();

/** An entry that passed its schema (`entry`, frozen), or the issues of one that did not. */
export type CheckedEntry<Entry> =
  | { readonly success: true; readonly entry: Entry }
  | { readonly success: false; readonly error: z.ZodError };

/**
 * Check one memory as `MemoryStore.restore` checks each (with
 * {@link restoredMemorySchema}), for a reader that must refuse entries one
 * by one, with their reasons, before it sends a batch. The entry returned
 * is a fresh, frozen copy (its objects and arrays cannot change), and
 * `readRestoreBatch` takes it without parsing it again: a dump import
 * checks each line once. A plain memory the schema accepts is read without
 * the schema's generic walk (see `plainRestoredMemory`), with the same rules
 * and the same result; anything else is parsed by the schema, which words
 * the refusal. (A `Date` cannot be frozen: a caller that moves a checked
 * entry's time with `setTime` gets what it wrote.)
 */
export function checkRestoredMemory(value: unknown): CheckedEntry<RestoredMemory> {
  const plain = plainRestoredMemory(value);
  if (plain === undefined) return checkedWith(restoredMemorySchema, value);
  checked.add(plain);
  return { success: true, entry: plain };
}

/** {@link checkRestoredMemory} for a turn (checked with {@link loggedTurnSchema}). */
export function checkLoggedTurn(value: unknown): CheckedEntry<LoggedTurn> {
  return checkedWith(loggedTurnSchema, value);
}

/** Whether `entry` came out of {@link checkRestoredMemory} or {@link checkLoggedTurn} of this copy of core. */
export function isCheckedRestoreEntry(entry: unknown): boolean {
  return typeof entry === 'object' && entry !== null && checked.has(entry);
}

function checkedWith<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): CheckedEntry<z.infer<Schema>> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) return { success: false, error: parsed.error };
  const entry = deepFrozen(parsed.data);
  checked.add(entry as object);
  return { success: true, entry };
}

/** `value` with every plain object and array in it frozen (a `Date` is left as it is). */
function deepFrozen<Value>(value: Value): Value {
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  for (const child of Object.values(value)) deepFrozen(child);
  return Object.freeze(value);
}
