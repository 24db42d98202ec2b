import type { MemoryScope } from '@symfonic/core';

/**
 * The id a remapping import gives a memory: a UUID (version 8 of RFC 9562)
 * made of the first 122 bits of the SHA-256 of the memory's old id and the
 * scope it lands at. A remapped memory is a copy at another place, and a
 * store holds each id once, whatever its tenant: the copy cannot keep the
 * original's id when both are in one database. Derived rather than drawn, so
 * importing the same dump with the same remap again finds every memory
 * present instead of writing a second copy, on any store; a memory remapped
 * to two places gets two ids.
 *
 * Uses Web Crypto (`globalThis.crypto`), present in Node 20, browsers and
 * edge runtimes.
 */
export async function remappedMemoryId(id: string, scope: MemoryScope): Promise<string> {
  const name = JSON.stringify(['symfonic-dump remap', scope.tenant, ...scope.path, id]);
  const digest = new Uint8Array(
    await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(name)),
  );
  const bytes = digest.subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
