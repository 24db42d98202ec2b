import { sql } from 'drizzle-orm';
import { resultRows } from '../rows/result-rows.js';
import type { StoreDatabase } from './store-database.js';

/** As autovacuum's defaults: analyze again once 50 rows plus a tenth of the table changed. */
const changedRowsBase = 50;
const changedRowsShare = 0.1;
/** Bulk writes analyze once 10 000 rows plus three times the table changed (it about quadrupled). */
const bulkRowsBase = 10_000;
const bulkRowsFactor = 3;

/** What the catalog says of `symfonic.memories`. */
interface TableState {
  /** The row count the last `ANALYZE` (or `VACUUM`, or index build) recorded; 0 when unknown. */
  readonly rows: number;
  /** Whether the planner has column statistics for it. */
  readonly analyzed: boolean;
}

async function readTableState(database: StoreDatabase): Promise<TableState | undefined> {
  const [row] = resultRows<{ rows: number | string | null; analyzed: boolean | string | null }>(
    await database.execute(sql`
      select class.reltuples::float8 as rows,
        exists (
          select 1 from pg_stats where schemaname = 'symfonic' and tablename = 'memories'
        ) as analyzed
      from pg_class as class
      where class.oid = to_regclass('symfonic.memories')`),
  );
  if (!row) return undefined;
  return {
    rows: Math.max(0, Number(row.rows ?? 0)),
    analyzed: row.analyzed === true || row.analyzed === 't',
  };
}

/**
 * Keeps PostgreSQL's planner statistics of `symfonic.memories` current, so
 * the ranking statements are planned on the real share of each word and
 * tenant. Without statistics the planner takes any `tenant = …` for a
 * selective condition and walks a tenant's whole B-tree range instead of the
 * full-text index (the plans and their timings are in the decision record on
 * the store's schema and ranking), and PGlite never gets them by itself: it runs no autovacuum. A server's
 * autovacuum, where it is on, analyzes only after its next wake-up.
 *
 * The store reports every row it changes; once more than 50 plus a tenth of
 * the rows counted at the last analysis changed, the next retrieval or read
 * of the change feed first runs `ANALYZE symfonic.memories,
 * symfonic.memory_versions` (every change writes one version; without
 * statistics of `memory_versions` a page of the feed reads every version
 * after its cursor and sorts them, instead of the next thousand in index
 * order) (one at a time; bulk writes without
 * retrievals in between cost one analysis, not one per batch). Rows other
 * processes write are left to their stores and to autovacuum. A role that
 * does not own the table gets PostgreSQL's warning and no statistics, never
 * an error.
 */
export class PlannerStatistics {
  readonly #database: StoreDatabase;
  /** Whether the catalog was read yet: it is, at the first {@link refresh}. */
  #read = false;
  #reading: Promise<void> | undefined;
  #rowsWhenAnalyzed = 0;
  #changedSince = 0;
  #stale = false;
  #analyzing: Promise<void> | undefined;

  private constructor(database: StoreDatabase) {
    this.#database = database;
  }

  /**
   * Statistics of `database`'s `memories`, read from the catalog at the first
   * {@link refresh} rather than now: opening a store runs no statement for
   * them, and the first retrieval (which needs the catalog anyway) reads
   * them. Statistics are then due when the table was never analyzed, or when
   * the changes reported before that read pass the threshold. A database
   * whose table does not exist (opened with `migrate: false`) has nothing due.
   */
  static deferred(database: StoreDatabase): PlannerStatistics {
    return new PlannerStatistics(database);
  }

  /** Count `rows` changed (added, updated, deleted) by this store. */
  noteChanges(rows: number): void {
    this.#changedSince += rows;
    // Before the catalog is read, the threshold is unknown: counted, judged at the read.
    if (!this.#read) return;
    if (this.#changedSince > changedRowsBase + changedRowsShare * this.#rowsWhenAnalyzed) {
      this.#stale = true;
    }
  }

  /**
   * What a bulk write (a restore batch) runs first: read the catalog if not
   * yet, then analyze the table once this store changed more than 10 000
   * rows plus three times the rows counted at the last analysis (the table
   * about quadrupled), else do nothing. Its lookups by id and by text need
   * the tenant's share of the table: without it the planner takes the tenant
   * for a selective condition and walks the tenant's whole range in each
   * batch, a cost that grows with every batch (quadratic over an import).
   * The share is known from the first analysis on; analyzing at each tenth
   * more, as {@link PlannerStatistics.refresh} does for ranking, cost an
   * import of 100 000 memories more time than its lookups.
   *
   * @throws whatever the driver throws; the caller translates it.
   */
  async refreshForBulkWrite(): Promise<void> {
    await this.#readOnce();
    if (this.#analyzing) return this.#analyzing;
    if (this.#changedSince <= bulkRowsBase + bulkRowsFactor * this.#rowsWhenAnalyzed) return;
    return this.#start();
  }

  /**
   * Read the catalog if not yet, then analyze the table when statistics are
   * due, else do nothing; callers arriving during a read or an analysis wait
   * for that one. A failed read or analysis leaves it to do, so the next call
   * tries again.
   *
   * @throws whatever the driver throws; the caller translates it.
   */
  async refresh(): Promise<void> {
    await this.#readOnce();
    if (!this.#stale) return;
    return this.#start();
  }

  /** The catalog read, once: callers arriving during it wait for that one. */
  async #readOnce(): Promise<void> {
    if (this.#read) return;
    this.#reading ??= this.#readCatalog().finally(() => {
      this.#reading = undefined;
    });
    await this.#reading;
  }

  /** The analysis running, or a new one: one at a time. */
  #start(): Promise<void> {
    this.#analyzing ??= this.#analyze().finally(() => {
      this.#analyzing = undefined;
    });
    return this.#analyzing;
  }

  async #readCatalog(): Promise<void> {
    const state = await readTableState(this.#database);
    this.#rowsWhenAnalyzed = state?.rows ?? 0;
    this.#stale = state !== undefined && !state.analyzed;
    this.#read = true;
    this.noteChanges(0);
  }

  async #analyze(): Promise<void> {
    const changedBefore = this.#changedSince;
    await this.#database.execute(sql`analyze symfonic.memories, symfonic.memory_versions`);
    const state = await readTableState(this.#database);
    this.#rowsWhenAnalyzed = state?.rows ?? 0;
    // Changes reported while the analysis ran may have been missed by it.
    this.#changedSince -= changedBefore;
    this.#stale = false;
    this.noteChanges(0);
  }
}
