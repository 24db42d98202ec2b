import {
  type MemoryPage,
  type MemoryQuery,
  type MemoryRecord,
  type MemoryScope,
  type MemoryStore,
  type MemoryVersion,
  memoryScopeSchema,
  type RetrievalResult,
} from '@symfonic/core';
import { interceptStore } from '../harness/intercept-store.js';

/**
 * The leaks of real systems this suite must catch, one per double:
 * - `missing-tenant-predicate`: reads match on the path only, any tenant;
 * - `string-prefix-scopes`: a scope sees every scope whose `tenant/path`
 *   string starts with its own or begins its own (`user:1` sees `user:10`);
 * - `relabelled-rows`: as the first, with leaked rows relabelled with the
 *   asking scope, so a check of the row's scope field cannot see it;
 * - `metadata-decides-owner`: an add whose metadata names a `tenant` (and
 *   `path`) is written there instead of at the scope it was applied to.
 */
export type LeakKind =
  | 'missing-tenant-predicate'
  | 'string-prefix-scopes'
  | 'relabelled-rows'
  | 'metadata-decides-owner';

/** Every leak kind, for suites that try them all. */
export const leakKinds: readonly LeakKind[] = [
  'missing-tenant-predicate',
  'string-prefix-scopes',
  'relabelled-rows',
  'metadata-decides-owner',
];

function pathVisible(left: readonly string[], right: readonly string[]): boolean {
  const shared = Math.min(left.length, right.length);
  for (let index = 0; index < shared; index += 1) if (left[index] !== right[index]) return false;
  return true;
}

function scopeString(scope: MemoryScope): string {
  return [scope.tenant, ...scope.path].join('/');
}

/**
 * A deliberately broken store: `store` with one leak of {@link LeakKind}.
 * It is a test double that must fail the isolation attack; it learns the
 * scopes that exist from the writes that pass through it, then answers their
 * rows where the leak lets them through.
 */
export function createLeakyStore(store: MemoryStore, kind: LeakKind): MemoryStore {
  const known = new Map<string, MemoryScope>();
  const leaks = (row: MemoryScope, asking: MemoryScope): boolean => {
    if (kind === 'metadata-decides-owner') return false;
    if (kind === 'string-prefix-scopes') {
      const rowText = scopeString(row);
      const askingText = scopeString(asking);
      return (
        rowText !== askingText && (rowText.startsWith(askingText) || askingText.startsWith(rowText))
      );
    }
    return row.tenant !== asking.tenant && pathVisible(row.path, asking.path);
  };
  const relabel = (record: MemoryRecord, asking: MemoryScope): MemoryRecord =>
    kind === 'relabelled-rows' ? { ...record, scope: asking } : record;
  const sources = (asking: MemoryScope) =>
    [...known.values()].filter((scope) => leaks(scope, asking));

  return interceptStore(store, async (method, args, proceed) => {
    const scope = memoryScopeSchema.safeParse(args[0]);
    if ((method === 'apply' || method === 'append') && scope.success) {
      known.set(JSON.stringify(scope.data), scope.data);
    }
    if (method === 'apply' && kind === 'metadata-decides-owner' && scope.success) {
      return applyByMetadata(store, args, known, proceed);
    }
    if (method === 'scanCandidates' || method === 'retrieve') {
      const query = args[0] as MemoryQuery;
      const honest = (await proceed()) as RetrievalResult;
      const seen = new Set(honest.memories.map((memory) => memory.record.id));
      const memories = [...honest.memories];
      for (const source of sources(query.scope)) {
        const leaked = (await store[method]({ ...query, scope: source })) as RetrievalResult;
        for (const memory of leaked.memories) {
          if (seen.has(memory.record.id) || !leaks(memory.record.scope, query.scope)) continue;
          seen.add(memory.record.id);
          memories.push({ ...memory, record: relabel(memory.record, query.scope) });
        }
      }
      return { ...honest, memories };
    }
    if (method === 'list' && scope.success) {
      const honest = (await proceed()) as MemoryPage;
      const records = [...honest.records];
      for (const source of sources(scope.data)) {
        for (const record of (await store.list(source, { limit: 1000 })).records) {
          if (leaks(record.scope, scope.data)) records.push(relabel(record, scope.data));
        }
      }
      return { ...honest, records };
    }
    if ((method === 'get' || method === 'history') && scope.success) {
      const honest = await proceed();
      const found =
        method === 'get' ? honest !== undefined : (honest as MemoryVersion[]).length > 0;
      if (found) return honest;
      for (const source of sources(scope.data)) {
        const leaked =
          method === 'get'
            ? await store.get(source, args[1] as string)
            : await store.history(source, args[1] as string);
        if (method === 'get' && leaked) return relabel(leaked as MemoryRecord, scope.data);
        if (method === 'history' && (leaked as MemoryVersion[]).length > 0) return leaked;
      }
      return honest;
    }
    return proceed();
  });
}

/** The `metadata-decides-owner` leak: each add carrying `metadata.tenant` is applied at the scope it names. */
async function applyByMetadata(
  store: MemoryStore,
  args: readonly unknown[],
  known: Map<string, MemoryScope>,
  proceed: (...replacement: unknown[]) => Promise<unknown>,
): Promise<unknown> {
  const [, ops, provenance] = args as [MemoryScope, readonly Record<string, unknown>[], never];
  const claimed = ops.map((op) => {
    const metadata = op.metadata as { tenant?: unknown; path?: unknown } | undefined;
    if (typeof metadata?.tenant !== 'string') return undefined;
    const path = Array.isArray(metadata.path) ? metadata.path.map(String) : [];
    return { tenant: metadata.tenant, path };
  });
  if (claimed.every((scope) => scope === undefined)) return proceed();
  const results = await Promise.all(
    ops.map((op, index) => {
      const owner = claimed[index] ?? (args[0] as MemoryScope);
      known.set(JSON.stringify(owner), owner);
      return store.apply(owner, [op], provenance);
    }),
  );
  return {
    applied: results.flatMap((result, index) =>
      result.applied.map((applied) => ({ ...applied, index })),
    ),
    rejected: results.flatMap((result, index) =>
      result.rejected.map((rejected) => ({ ...rejected, index })),
    ),
  };
}
