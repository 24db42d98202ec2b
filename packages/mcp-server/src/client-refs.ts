import type { ClientStateTable } from './client-state-table.js';
import type { MemoryRefs, ResolvedRef } from './memory-refs.js';
import { SessionRefs } from './session-refs.js';

const none = new SessionRefs();

/**
 * The refs of a stateless (2026-07-28) client: kept in `table` under its
 * principal and the client name it sends with each request, since such a
 * client has no session. Reading finds them (or none, before the first
 * recall); only a recall opens an entry, which the table's idle time and
 * per-principal cap bound.
 *
 * @param client the calling client's name, read at each call.
 */
export function clientRefs(
  table: ClientStateTable<SessionRefs>,
  principal: string,
  client: () => string,
): MemoryRefs {
  const key = () => JSON.stringify([principal, client()]);
  const found = () => table.get(key())?.value ?? none;
  return {
    replaceWith(refs: Readonly<Record<string, string>>): void {
      table.open(principal, key(), () => new SessionRefs()).replaceWith(refs);
    },
    current: () => found().current(),
    resolve: (ref: string): ResolvedRef => found().resolve(ref),
  };
}
