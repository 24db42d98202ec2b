import { z } from 'zod';
import { InvalidMemoryInput } from '../errors/invalid-memory-input.js';
import { memoryIdSchema } from '../memory-id.js';
import { type MemoryScope, memoryScopeSchema } from '../memory-scope.js';
import type { ChangePosition } from './compare-changes.js';

/** The JSON a cursor of each feed wraps, checked when it comes back. */
const positions = {
  changes: z.tuple([z.number().int(), memoryIdSchema, z.number().int().min(1)]),
  scopes: z.tuple([memoryScopeSchema]),
  turns: z.tuple([memoryScopeSchema, z.number().int().min(0), z.number().int().min(0)]),
} as const;

type Feed = keyof typeof positions;

const prefix: Record<Feed, string> = { changes: 'c1.', scopes: 's1.', turns: 't1.' };

/** Where a page of `turns` stopped: the scope, the turn number and the store's own arrival order. */
export interface TurnPosition {
  readonly scope: MemoryScope;
  readonly turn: number;
  /** The store's arrival order of the turn (a sequence number of its own). */
  readonly arrival: number;
}

function encode(feed: Feed, payload: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const base64 = btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  return `${prefix[feed]}${base64}`;
}

function decode<Name extends Feed>(feed: Name, cursor: string): z.infer<(typeof positions)[Name]> {
  const refused = new InvalidMemoryInput(
    `invalid ${feed} cursor: pass back a nextCursor this feed answered`,
  );
  if (typeof cursor !== 'string' || !cursor.startsWith(prefix[feed])) throw refused;
  const base64 = cursor.slice(prefix[feed].length);
  if (!/^[A-Za-z0-9_-]+$/.test(base64)) throw refused;
  let payload: unknown;
  try {
    const binary = atob(base64.replaceAll('-', '+').replaceAll('_', '/'));
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw refused;
  }
  const parsed = positions[feed].safeParse(payload);
  if (!parsed.success) throw refused;
  return parsed.data as z.infer<(typeof positions)[Name]>;
}

/**
 * The opaque cursors of the feeds every store answers (`changes`, `scopes`,
 * `turns`), one format for every store so that each validates them the same
 * way: a cursor of another feed, or a string no feed issued, is refused.
 */
export const feedCursor = {
  /** The cursor after `change`. */
  encodeChange(change: ChangePosition): string {
    return encode('changes', [change.at.getTime(), change.memoryId, change.version]);
  },
  /** @throws InvalidMemoryInput for a string {@link feedCursor.encodeChange} did not make. */
  decodeChange(cursor: string): ChangePosition {
    const [at, memoryId, version] = decode('changes', cursor);
    return { at: new Date(at), memoryId, version };
  },
  /** The cursor after `scope`. */
  encodeScope(scope: MemoryScope): string {
    return encode('scopes', [scope]);
  },
  /** @throws InvalidMemoryInput for a string {@link feedCursor.encodeScope} did not make. */
  decodeScope(cursor: string): MemoryScope {
    return decode('scopes', cursor)[0];
  },
  /** The cursor after the turn at `position`. */
  encodeTurn(position: TurnPosition): string {
    return encode('turns', [position.scope, position.turn, position.arrival]);
  },
  /** @throws InvalidMemoryInput for a string {@link feedCursor.encodeTurn} did not make. */
  decodeTurn(cursor: string): TurnPosition {
    const [scope, turn, arrival] = decode('turns', cursor);
    return { scope, turn, arrival };
  },
} as const;
