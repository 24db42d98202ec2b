import {
  type CandidateSource,
  type Degradation,
  DegradationCode,
  InvalidMemoryInput,
  limitReason,
  type MemoryQuery,
  type MemoryRetrievalPort,
  type MemoryScope,
  memoryQuerySchema,
  parseInput,
  type RetrievalResult,
} from '@symfonic/core';
import { firstPage, type PagingOptions, resolvePaging } from './first-page.js';
import { isConnectionError } from './is-connection-error.js';
import type { LegacyEntry } from './legacy-entry.js';
import type { LegacyRetrievalEngine } from './legacy-retrieval-engine.js';
import { queryRejection } from './query-rejection.js';
import { scanEngine } from './scan-engine.js';

/** Turns one engine row into the {@link LegacyEntry} fields this package reads. */
export type RowMapper<Row> = (row: Row) => LegacyEntry;

/** The options every {@link LegacyRetrievalPort} takes, whatever its engine's row shape. */
export interface LegacyRetrievalPortBaseOptions<EngineScope, Embedder, Row>
  extends Partial<PagingOptions> {
  /** The engine to read. */
  readonly engine: LegacyRetrievalEngine<EngineScope, Embedder, Row>;
  /**
   * Turns the asking scope into whatever the engine queries with (a tenant
   * object, a metadata filter). Injected so this package never depends on the
   * engine's transport. The port verifies every row regardless.
   */
  readonly scopeOf: (scope: MemoryScope) => EngineScope;
  /**
   * Handed to the engine with every page, to embed the cue. Absent: the port
   * still answers, and every result reports the `no-embedder` degradation
   * (unless the engine embeds the cue itself, see
   * {@link LegacyRetrievalEngine.embedsCue}).
   */
  readonly embedder?: Embedder;
  /**
   * Which engine errors mean "unreachable" and become `MemoryUnavailable`;
   * every other error is thrown unchanged. Default: {@link isConnectionError}.
   */
  readonly isUnavailable?: (error: unknown) => boolean;
}

/**
 * The options of a {@link LegacyRetrievalPort}: `mapRow` is optional when the
 * engine already answers {@link LegacyEntry} rows, required otherwise.
 */
export type LegacyRetrievalPortOptions<EngineScope, Embedder, Row> = LegacyRetrievalPortBaseOptions<
  EngineScope,
  Embedder,
  Row
> &
  ([Row] extends [LegacyEntry]
    ? { readonly mapRow?: RowMapper<Row> }
    : { readonly mapRow: RowMapper<Row> });

/**
 * A legacy retrieval engine seen through core's retrieval ports, so a team
 * can adopt Symfonic memory without migrating a row first and without
 * inheriting the engine's silent failures.
 *
 * Both methods page through the engine (first page {@link firstPage}, then
 * pages of the same size at growing offsets, never past the scan budget),
 * resolve each row's owner with {@link admitLegacyEntries}, verify it is
 * visible to the asking scope, and turn it into a memory record (`relevance`
 * is the engine's score; defaults for missing fields are listed on
 * {@link LegacyEntry}; provenance is `{ writer: 'legacy-engine' }`).
 * Memories keep the engine's order. Every distinct row the engine answered is
 * either served or in `dropped` with its reason, exactly once.
 *
 * Degradations: `no-embedder` (no embedder and the engine does not embed by
 * itself), `repeated-rows` (the engine ignored `offset`; the scan stopped),
 * `scan-budget-spent` (the budget ran out before the engine ran dry while
 * more rows were wanted).
 */
export class LegacyRetrievalPort<EngineScope = unknown, Embedder = unknown, Row = LegacyEntry>
  implements MemoryRetrievalPort, CandidateSource
{
  readonly #engine: LegacyRetrievalEngine<EngineScope, Embedder, Row>;
  readonly #scopeOf: (scope: MemoryScope) => EngineScope;
  readonly #embedder: Embedder | undefined;
  readonly #paging: PagingOptions;
  readonly #mapRow: RowMapper<Row>;
  readonly #isUnavailable: (error: unknown) => boolean;

  /**
   * @throws InvalidMemoryInput when `engine` has no `retrieve` method,
   * `scopeOf` or `mapRow` is not a function, or the paging options are not
   * valid (positive integer `scanBudget` and `pageMinimum`, `pageFactor` >= 1).
   */
  constructor(options: LegacyRetrievalPortOptions<EngineScope, Embedder, Row>) {
    if (typeof options.engine?.retrieve !== 'function') {
      throw new InvalidMemoryInput(
        'invalid legacy port options: engine.retrieve must be a function',
      );
    }
    if (typeof options.scopeOf !== 'function') {
      throw new InvalidMemoryInput('invalid legacy port options: scopeOf must be a function');
    }
    const mapRow = options.mapRow ?? ((row: Row) => row as LegacyEntry);
    if (typeof mapRow !== 'function') {
      throw new InvalidMemoryInput('invalid legacy port options: mapRow must be a function');
    }
    this.#engine = options.engine;
    this.#scopeOf = options.scopeOf;
    this.#embedder = options.embedder;
    this.#paging = resolvePaging({
      scanBudget: options.scanBudget,
      pageMinimum: options.pageMinimum,
      pageFactor: options.pageFactor,
    });
    this.#mapRow = mapRow;
    this.#isUnavailable = options.isUnavailable ?? isConnectionError;
  }

  /**
   * At most `query.limit` memories visible to `query.scope`, in the engine's
   * order. Pages until `limit` rows are eligible, the engine runs dry, or the
   * scan budget is spent; a `limit` of 0 asks nothing of the engine. Every
   * eligible row beyond the limit is in `dropped` (core's `limitReason`,
   * "beyond the N-memory limit"), as is every row refused by admission, by a field
   * check, or by the query's layers and floors.
   *
   * @throws InvalidMemoryInput when the query is malformed or the engine answers a non-array.
   * @throws ScopeViolation naming the row and both scopes when the engine answered a row
   * not visible to `query.scope`: thrown, never filtered, so the leaking backend is found.
   * @throws MemoryUnavailable when the engine cannot be reached (see `isUnavailable`).
   */
  async retrieve(query: MemoryQuery): Promise<RetrievalResult> {
    const valid = parseInput(memoryQuerySchema, query, 'memory query');
    const scan = await this.#scan(valid, valid.limit);
    const overflow = scan.eligible.slice(valid.limit).map(({ record }) => ({
      id: record.id,
      reason: limitReason(valid.limit),
    }));
    return {
      memories: scan.eligible.slice(0, valid.limit),
      dropped: [...scan.dropped, ...overflow],
      degradations: scan.degradations,
    };
  }

  /**
   * Every eligible memory the engine answers within the scan budget, in the
   * engine's order, uncapped by `query.limit`: the gates that run afterwards
   * would otherwise turn each of their rejections into a lost slot. Reads one
   * page of the whole budget. Drops and throws as {@link retrieve} does,
   * without the overflow.
   *
   * @throws InvalidMemoryInput when the query is malformed or the engine answers a non-array.
   * @throws ScopeViolation when the engine answered a row not visible to `query.scope`.
   * @throws MemoryUnavailable when the engine cannot be reached.
   */
  async scanCandidates(query: MemoryQuery): Promise<RetrievalResult> {
    const valid = parseInput(memoryQuerySchema, query, 'memory query');
    const scan = await this.#scan(valid, Number.POSITIVE_INFINITY);
    return { memories: scan.eligible, dropped: scan.dropped, degradations: scan.degradations };
  }

  /** {@link firstPage} with this port's paging options. */
  firstPage(limit: number): number {
    return firstPage(limit, this.#paging);
  }

  async #scan(query: MemoryQuery, wanted: number) {
    const scan = await scanEngine({
      engine: this.#engine,
      engineScope: this.#scopeOf(query.scope),
      embedder: this.#embedder,
      mapRow: this.#mapRow,
      isUnavailable: this.#isUnavailable,
      cue: query.cue,
      queryScope: query.scope,
      wanted,
      pageSize: firstPage(Number.isFinite(wanted) ? wanted : 0, this.#paging),
      scanBudget: this.#paging.scanBudget,
      reject: (memory) => queryRejection(query, memory),
    });
    const degradations: Degradation[] = [...this.#embedderDegradations(), ...scan.degradations];
    return { ...scan, degradations };
  }

  #embedderDegradations(): Degradation[] {
    if (this.#embedder !== undefined || this.#engine.embedsCue === true) return [];
    return [
      {
        code: DegradationCode.noEmbedder,
        detail:
          'no embedder was configured: the engine could not embed the cue, so its vector search (where episodic and semantic memories live) could not answer',
      },
    ];
  }
}
