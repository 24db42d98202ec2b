import {
  BaseStore,
  type GetOperation,
  type Item,
  type ListNamespacesOperation,
  type MatchCondition,
  type Operation,
  type OperationResults,
  type PutOperation,
  type SearchOperation,
} from '@langchain/langgraph';
import {
  type ApplyResult,
  type Degradation,
  type Dropped,
  InvalidMemoryInput,
  Limits,
  type MemoryOpInput,
  type MemoryRecord,
  type MemoryScope,
  type MemoryStore,
  parseInput,
  requireVisible,
  toScope,
} from '@symfonic/core';
import { z } from 'zod';
import { canonicalJson } from './canonical-json.js';
import { matchesFilter } from './matches-filter.js';
import { keyOf, toItem, toStoredValue } from './store-value.js';

/** The ports of a Symfonic store that {@link SymfonicStore} uses: every store of this project has them. */
export type SymfonicStorePorts = Pick<MemoryStore, 'list' | 'apply' | 'scanCandidates'>;

/** Options of {@link SymfonicStore}. */
export interface SymfonicStoreOptions {
  /** The tenant every namespace lives in: a namespace is a path below it. */
  readonly tenant: string;
  /** The provenance `writer` of what `put` writes (default `symfonic-langgraph`). */
  readonly writer?: string;
  /** The layer `put` writes memories in (default `semantic`). */
  readonly layer?: 'semantic' | 'episodic';
  /** The salience of what `put` writes (default 0.5). */
  readonly salience?: number;
  /**
   * Told, after each `search` by query, what the store's ranking left out and
   * why (`dropped`) and what weakened it (`degradations`: a scan budget spent,
   * no embedder), with the namespace prefix it searched. Rows of the branch
   * outside the prefix (an ancestor's) are not drops: they are not in it.
   */
  readonly onSearch?: (report: {
    readonly namespacePrefix: readonly string[];
    readonly dropped: readonly Dropped[];
    readonly degradations: readonly Degradation[];
  }) => void;
}

const writerSchema = z.string().min(1).max(Limits.id);
const salienceSchema = z.number().min(0).max(1);
/** The page size `list` is read with (every store accepts up to `Limits.queryLimit`). */
const pageSize = Limits.queryLimit;

const isUnder = (path: readonly string[], prefix: readonly string[]) =>
  prefix.length <= path.length && prefix.every((segment, index) => path[index] === segment);

const samePath = (path: readonly string[], other: readonly string[]) =>
  path.length === other.length && isUnder(path, other);

const sameJson = (left: unknown, right: unknown) => canonicalJson(left) === canonicalJson(right);

/** Whether `path` matches one of `listNamespaces`' conditions (`*` matches any one segment). */
function matchesCondition(path: readonly string[], condition: MatchCondition): boolean {
  const wanted = condition.path;
  if (wanted.length > path.length) return false;
  const compared =
    condition.matchType === 'prefix' ? path.slice(0, wanted.length) : path.slice(-wanted.length);
  return wanted.every((segment, index) => segment === '*' || compared[index] === segment);
}

/**
 * A LangGraph `BaseStore` over any Symfonic store, for one tenant: a
 * namespace tuple is a scope path below it (`["user:42", "memories"]` is
 * `{ tenant, path: ["user:42", "memories"] }`), and an item is a memory.
 *
 * - `put(namespace, key, { text, ...rest })` writes a memory whose text is
 *   `text` and whose metadata is the rest, with the key beside it (see
 *   `storeKeyField`); a put of an existing key updates the memory in place
 *   (its history kept) when only the text changed, else replaces it, in one
 *   write; a value that cannot be kept whole is refused with
 *   `InvalidMemoryInput` (see `toStoredValue`), as is a text another key of
 *   the namespace already holds (the store keeps one memory per text).
 * - `get(namespace, key)` is the item put under that key in exactly that
 *   namespace (a memory written otherwise is found by its id), or `null`.
 * - `search(prefix, { query, filter, limit, offset })` reads the items whose
 *   namespace starts with `prefix`: ranked by the store's own ranking for
 *   `query` (the item's `score` is the cosine similarity when the store
 *   ranked by vectors, else its relevance), else oldest first; `filter`
 *   matches value fields exactly or with `$eq`, `$ne`, `$gt`, `$gte`, `$lt`,
 *   `$lte`.
 * - `delete(namespace, key)` retires the memory (its history keeps a tombstone).
 * - `listNamespaces` answers the distinct namespaces holding a memory, sorted.
 *
 * Values are answered exactly as they were put (text and fields unflattened):
 * this is storage, not a prompt. Show an item's text to a model or terminal
 * through `shownText` from `@symfonic/memory`, as the middleware does.
 *
 * A row the store answers from outside the asking scope (another tenant, a
 * sibling branch) is a `ScopeViolation`, thrown, never a row left out.
 * Operations of one `batch` run in order; each `put` is one transaction.
 *
 * @throws InvalidMemoryInput from the constructor when `tenant` or an option is malformed.
 */
export class SymfonicStore extends BaseStore {
  readonly #store: SymfonicStorePorts;
  readonly #tenant: string;
  readonly #writer: string;
  readonly #layer: 'semantic' | 'episodic';
  readonly #salience: number;
  readonly #onSearch: SymfonicStoreOptions['onSearch'];

  constructor(store: SymfonicStorePorts, options: SymfonicStoreOptions) {
    super();
    if (typeof store?.list !== 'function' || typeof store.apply !== 'function') {
      throw new InvalidMemoryInput(
        'SymfonicStore needs a store with list, apply and scanCandidates',
      );
    }
    this.#store = store;
    this.#tenant = toScope({ tenant: options?.tenant, path: [] }).tenant;
    this.#writer = parseInput(writerSchema, options.writer ?? 'symfonic-langgraph', 'writer');
    this.#layer = options.layer === 'episodic' ? 'episodic' : 'semantic';
    this.#salience = parseInput(salienceSchema, options.salience ?? 0.5, 'salience');
    this.#onSearch = options.onSearch;
  }

  /** The scope of `namespace` in this store's tenant. */
  #scope(namespace: readonly string[]): MemoryScope {
    return toScope({ tenant: this.#tenant, path: [...namespace] });
  }

  /** Every live memory visible to `scope`, oldest first; a foreign row throws. */
  async #listAll(scope: MemoryScope): Promise<MemoryRecord[]> {
    const records: MemoryRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.#store.list(scope, {
        limit: pageSize,
        ...(cursor ? { cursor } : {}),
      });
      requireVisible(page.records, scope);
      records.push(...page.records);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return records;
  }

  async #find(namespace: readonly string[], key: string): Promise<MemoryRecord | undefined> {
    const scope = this.#scope(namespace);
    const records = await this.#listAll(scope);
    return records.find(
      (record) => samePath(record.scope.path, scope.path) && keyOf(record) === key,
    );
  }

  async #get(operation: GetOperation): Promise<Item | null> {
    const record = await this.#find(operation.namespace, operation.key);
    return record ? toItem(record) : null;
  }

  async #search(operation: SearchOperation): Promise<(Item & { score?: number })[]> {
    const scope = this.#scope(operation.namespacePrefix);
    const limit = operation.limit ?? 10;
    const offset = operation.offset ?? 0;
    let found: { record: MemoryRecord; score?: number }[];
    if (operation.query !== undefined && operation.query.trim().length > 0) {
      const result = await this.#store.scanCandidates({
        scope,
        cue: operation.query,
        limit: Limits.queryLimit,
      });
      requireVisible(
        result.memories.map((memory) => memory.record),
        scope,
      );
      this.#onSearch?.({
        namespacePrefix: scope.path,
        dropped: result.dropped,
        degradations: result.degradations,
      });
      found = result.memories.map((memory) => ({
        record: memory.record,
        score: memory.similarity ?? memory.relevance,
      }));
    } else {
      found = (await this.#listAll(scope)).map((record) => ({ record }));
    }
    return found
      .filter(({ record }) => isUnder(record.scope.path, scope.path))
      .map(({ record, score }) => ({
        ...toItem(record),
        ...(score === undefined ? {} : { score }),
      }))
      .filter((item) => matchesFilter(item.value, operation.filter))
      .slice(offset, offset + limit);
  }

  async #put(operation: PutOperation): Promise<void> {
    const scope = this.#scope(operation.namespace);
    const existing = await this.#find(operation.namespace, operation.key);
    if (operation.value === null) {
      if (existing) await this.#apply(scope, [{ op: 'delete', id: existing.id }], operation.key);
      return;
    }
    const stored = toStoredValue(operation.key, operation.value);
    const add: MemoryOpInput = {
      op: 'add',
      layer: this.#layer,
      text: stored.text,
      salience: this.#salience,
      metadata: stored.metadata as Record<string, never>,
    };
    if (!existing) {
      await this.#apply(scope, [add], operation.key);
      return;
    }
    const sameMetadata = sameJson(existing.metadata ?? {}, stored.metadata);
    if (sameMetadata && existing.text === stored.text) return;
    const ops: MemoryOpInput[] = sameMetadata
      ? [{ op: 'update', id: existing.id, text: stored.text }]
      : [{ op: 'delete', id: existing.id }, add];
    await this.#apply(scope, ops, operation.key);
  }

  async #apply(scope: MemoryScope, ops: MemoryOpInput[], key: string): Promise<ApplyResult> {
    const result = await this.#store.apply(scope, ops, { writer: this.#writer });
    const [rejected] = result.rejected;
    if (rejected) {
      throw new InvalidMemoryInput(
        `the write of key "${key}" was refused (${rejected.code}): ${rejected.reason}; nothing was written`,
      );
    }
    return result;
  }

  async #listNamespaces(operation: ListNamespacesOperation): Promise<string[][]> {
    const records = await this.#listAll(this.#scope([]));
    const seen = new Map<string, string[]>();
    for (const record of records) {
      const path = [...record.scope.path];
      if (path.length === 0) continue;
      if (
        !(operation.matchConditions ?? []).every((condition) => matchesCondition(path, condition))
      ) {
        continue;
      }
      const kept = operation.maxDepth === undefined ? path : path.slice(0, operation.maxDepth);
      seen.set(JSON.stringify(kept), kept);
    }
    const namespaces = [...seen.values()].sort((left, right) =>
      JSON.stringify(left) < JSON.stringify(right) ? -1 : 1,
    );
    return namespaces.slice(operation.offset, operation.offset + operation.limit);
  }

  /** Run `operations` in order; see {@link SymfonicStore} for what each does. */
  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    const results: unknown[] = [];
    for (const operation of operations) {
      if ('namespacePrefix' in operation) results.push(await this.#search(operation));
      else if ('matchConditions' in operation || 'maxDepth' in operation || 'limit' in operation) {
        results.push(await this.#listNamespaces(operation as ListNamespacesOperation));
      } else if ('value' in operation) results.push(await this.#put(operation));
      else results.push(await this.#get(operation as GetOperation));
    }
    return results as OperationResults<Op>;
  }
}
