import { compareCodePoints } from '@symfonic/core';
import type { StoreDatabase } from '../database/store-database.js';
import type { VectorIndex } from '../vectors/vector-index.js';
import { IndexedVectorBucket } from './indexed-vector-bucket.js';
import {
  type IndexedMemory,
  type IndexedRead,
  readAllIndexedMemories,
  readIndexedMemories,
} from './read-indexed-memories.js';
import { WriteGeneration } from './write-generation.js';

/** One tenant's live memories, as the read index keeps them. */
export interface TenantMemories {
  readonly byId: Map<string, IndexedMemory>;
  /** The memories holding each lexeme. */
  readonly holders: Map<string, Set<IndexedMemory>>;
  /** Every memory, the most recently updated first, then by id under `"C"` (the order of `memories_recent`). */
  readonly recent: IndexedMemory[];
  /**
   * With a vector index, the memories' vectors of its model by scope key and
   * layer ({@link bucketKey}), each bucket counting the memories there
   * without one; empty without.
   */
  readonly vectors: Map<string, IndexedVectorBucket>;
}

/** The key of the {@link TenantMemories.vectors} bucket holding `memory`'s vector. */
export function bucketKey(memory: IndexedMemory): string {
  return `${memory.row.layer}\u0000${memory.scopeKey}`;
}

/** The order of {@link TenantMemories.recent}: `updated_at desc, id collate "C"`. */
export function compareRecent(left: IndexedMemory, right: IndexedMemory): number {
  if (left.updatedMicros !== right.updatedMicros) return right.updatedMicros - left.updatedMicros;
  return compareCodePoints(left.row.id, right.row.id);
}

/** Where `memory` sits, or would sit, in `recent` (binary search). */
function recentPlace(recent: readonly IndexedMemory[], memory: IndexedMemory): number {
  let low = 0;
  let high = recent.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareRecent(recent[middle] as IndexedMemory, memory) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The live memories of a database kept in process, for a store that is its
 * database's only writer (PGlite, whose folder one process at a time may
 * open): each memory's row, placement, the lexemes of its stored `search`
 * vector and, for a store with a vector index, its vector of the store's
 * model (packed by scope key and layer: `IndexedVectorBucket`), by tenant,
 * with the holders of each lexeme and the recency order.
 * PostgreSQL stays the durable truth: the index is read from it at the
 * first ranking that asks for it ({@link ReadIndex.ready}), and every write
 * the store makes goes through {@link ReadIndex.write}, which, once the
 * write has committed, reads again the rows it touched (a memory gone from
 * `memories` leaves the index). A write that fails changed nothing (each is
 * one transaction), so the index is left as it was. While a write runs, or
 * when reading its rows again failed, the index is not ready and rankings
 * take the SQL path; a failed read drops the index, which the next ranking
 * loads again. Sound only because statements of this one connection run in
 * the order they were sent: a row read after a commit is at least as new as
 * that commit.
 */
export class ReadIndex {
  readonly #database: StoreDatabase;
  /** The model whose vectors the index holds, when the store ranks by vectors. */
  readonly vectorIndex: VectorIndex | undefined;
  #tenants = new Map<string, TenantMemories>();
  #loaded = false;
  #loading: Promise<void> | undefined;
  readonly #writes = new WriteGeneration();

  /** An index of `database`'s memories, holding their vectors of `vectorIndex`'s model when given. */
  constructor(database: StoreDatabase, vectorIndex?: VectorIndex) {
    this.#database = database;
    this.vectorIndex = vectorIndex;
  }

  /**
   * Moves on at the start and at the end of every write: a ranking that read
   * the index and the database compares it before and after to know both
   * saw the same memories.
   */
  get generation(): number {
    return this.#writes.current;
  }

  /** How many memories the index holds (0 before it is loaded). */
  get size(): number {
    let size = 0;
    for (const tenant of this.#tenants.values()) size += tenant.byId.size;
    return size;
  }

  /**
   * Whether the index can answer now: loaded (reading every live memory
   * first when it was not) and no write running. It reads through the
   * store's database, never a transaction: call it before opening one
   * (PGlite runs a transaction's statements alone, so a read outside it
   * would wait for it forever).
   *
   * @throws whatever the driver throws while loading; the caller translates it.
   */
  async ready(): Promise<boolean> {
    if (!this.#writes.idle) return false;
    if (!this.#loaded) {
      this.#loading ??= this.#load().finally(() => {
        this.#loading = undefined;
      });
      await this.#loading;
    }
    return this.#loaded && this.#writes.idle;
  }

  /** Whether the index can answer now, without loading it: loaded, and no write running. */
  get answering(): boolean {
    return this.#loaded && this.#writes.idle;
  }

  /** The memories of `tenant`, or `undefined` when it has none; only while {@link answering}. */
  tenant(tenant: string): TenantMemories | undefined {
    return this.#tenants.get(tenant);
  }

  /**
   * Run a write of the store, then, once it has committed, read again the
   * memories whose ids `touched` names in its result (every memory it may
   * have added, changed or erased). Rankings take the SQL path until then.
   * When reading them fails, the index is dropped (the write's result is
   * still answered: it committed).
   */
  async write<Result>(
    action: () => Promise<Result>,
    touched: (result: Result) => Iterable<string>,
  ): Promise<Result> {
    return this.#writes.run(async () => {
      const result = await action();
      if (this.#loaded) {
        const ids = [...new Set(touched(result))];
        try {
          this.#replace(ids, await readIndexedMemories(this.#database, this.vectorIndex, ids));
        } catch {
          this.#drop();
        }
      }
      return result;
    });
  }

  async #load(): Promise<void> {
    const started = this.#writes.current;
    const rows = await readAllIndexedMemories(this.#database, this.vectorIndex);
    // A write that ran meanwhile may have changed rows already read: load again next time.
    if (!this.#writes.holds(started)) return;
    const tenants = new Map<string, TenantMemories>();
    // Each bucket is made as large as the vectors it will hold, so none grows while loading.
    const sizeKey = ({ memory }: IndexedRead) => `${memory.row.tenant}\u0000${bucketKey(memory)}`;
    const bucketSizes = new Map<string, number>();
    for (const read of rows) {
      if (read.vector) bucketSizes.set(sizeKey(read), (bucketSizes.get(sizeKey(read)) ?? 0) + 1);
    }
    for (const read of rows) {
      const { memory } = read;
      const tenant = tenantOf(tenants, memory.row.tenant);
      tenant.byId.set(memory.row.id, memory);
      tenant.recent.push(memory);
      addHolder(tenant, memory);
      this.#addVector(tenant, read, bucketSizes.get(sizeKey(read)) ?? 0);
    }
    for (const tenant of tenants.values()) tenant.recent.sort(compareRecent);
    this.#tenants = tenants;
    this.#loaded = true;
  }

  #drop(): void {
    this.#tenants = new Map();
    this.#loaded = false;
  }

  /** Put `rows` in place of the memories `ids` named; those `rows` lack are gone. */
  #replace(ids: readonly string[], rows: readonly IndexedRead[]): void {
    const found = new Map(rows.map((read) => [read.memory.row.id, read]));
    for (const id of ids) {
      for (const tenant of this.#tenants.values()) {
        const old = tenant.byId.get(id);
        if (old) removeMemory(tenant, old);
      }
      const read = found.get(id);
      if (read) {
        const { memory } = read;
        const tenant = tenantOf(this.#tenants, memory.row.tenant);
        tenant.byId.set(id, memory);
        tenant.recent.splice(recentPlace(tenant.recent, memory), 0, memory);
        addHolder(tenant, memory);
        this.#addVector(tenant, read, 1);
      }
    }
    for (const [name, tenant] of this.#tenants) {
      if (tenant.byId.size === 0) this.#tenants.delete(name);
    }
  }

  /**
   * With a vector index, put `read`'s vector in its bucket, or count the
   * memory there as without one; a new bucket has room for `capacity` rows.
   */
  #addVector(tenant: TenantMemories, { memory, vector }: IndexedRead, capacity: number): void {
    const dimensions = this.vectorIndex?.dimensions;
    if (dimensions === undefined || (memory.embedded && !vector)) return;
    const key = bucketKey(memory);
    let bucket = tenant.vectors.get(key);
    if (!bucket) {
      bucket = new IndexedVectorBucket(memory, dimensions, capacity);
      tenant.vectors.set(key, bucket);
    }
    if (!memory.embedded) bucket.unembedded += 1;
    if (vector) bucket.add(memory, vector);
  }
}

function tenantOf(tenants: Map<string, TenantMemories>, name: string): TenantMemories {
  let tenant = tenants.get(name);
  if (!tenant) {
    tenant = { byId: new Map(), holders: new Map(), recent: [], vectors: new Map() };
    tenants.set(name, tenant);
  }
  return tenant;
}

function addHolder(tenant: TenantMemories, memory: IndexedMemory): void {
  for (const lexeme of memory.words.keys()) {
    let holders = tenant.holders.get(lexeme);
    if (!holders) {
      holders = new Set();
      tenant.holders.set(lexeme, holders);
    }
    holders.add(memory);
  }
}

function removeMemory(tenant: TenantMemories, memory: IndexedMemory): void {
  tenant.byId.delete(memory.row.id);
  const place = recentPlace(tenant.recent, memory);
  if (tenant.recent[place] === memory) tenant.recent.splice(place, 1);
  for (const lexeme of memory.words.keys()) {
    const holders = tenant.holders.get(lexeme);
    holders?.delete(memory);
    if (holders?.size === 0) tenant.holders.delete(lexeme);
  }
  const key = bucketKey(memory);
  const bucket = tenant.vectors.get(key);
  if (bucket) {
    bucket.delete(memory);
    if (!memory.embedded) bucket.unembedded -= 1;
    if (bucket.empty) tenant.vectors.delete(key);
  }
}
