import { InvalidMemoryInput } from '@symfonic/core';

/** How a port pages through a legacy engine. */
export interface PagingOptions {
  /** The most rows one scan may ask of the engine, over all its pages. */
  readonly scanBudget: number;
  /** The smallest first page: below it, a round trip costs more than the rows it saves. */
  readonly pageMinimum: number;
  /** The first page reads `limit * pageFactor` rows, leaving room for rows admission refuses. */
  readonly pageFactor: number;
}

/**
 * The paging a port uses unless told otherwise: a scan asks the engine for at
 * most 200 rows; the first page reads three times the limit, and at least 20.
 */
export const defaultPaging: PagingOptions = { scanBudget: 200, pageMinimum: 20, pageFactor: 3 };

/**
 * The size of the first read, before any paging: the whole scan budget when
 * `limit <= 0` (a scan for every candidate), else
 * `min(scanBudget, max(pageMinimum, ceil(limit * pageFactor)))`.
 *
 * @throws InvalidMemoryInput when `limit` is not a number or `paging` is not valid
 * (see {@link resolvePaging}).
 */
export function firstPage(limit: number, paging: Partial<PagingOptions> = {}): number {
  if (typeof limit !== 'number' || Number.isNaN(limit)) {
    throw new InvalidMemoryInput('invalid page limit: it must be a number');
  }
  const { scanBudget, pageMinimum, pageFactor } = resolvePaging(paging);
  if (limit <= 0) return scanBudget;
  return Math.min(scanBudget, Math.max(pageMinimum, Math.ceil(limit * pageFactor)));
}

/**
 * `paging` completed with {@link defaultPaging}.
 *
 * @throws InvalidMemoryInput when `scanBudget` or `pageMinimum` is not a
 * positive integer, or `pageFactor` is not a finite number of at least 1.
 */
export function resolvePaging(paging: Partial<PagingOptions>): PagingOptions {
  const resolved = { ...defaultPaging, ...withoutUndefined(paging) };
  for (const name of ['scanBudget', 'pageMinimum'] as const) {
    if (!Number.isSafeInteger(resolved[name]) || resolved[name] < 1) {
      throw new InvalidMemoryInput(`invalid paging: ${name} must be a positive integer`);
    }
  }
  if (!Number.isFinite(resolved.pageFactor) || resolved.pageFactor < 1) {
    throw new InvalidMemoryInput(
      'invalid paging: pageFactor must be a finite number of at least 1',
    );
  }
  return resolved;
}

function withoutUndefined(paging: Partial<PagingOptions>): Partial<PagingOptions> {
  return Object.fromEntries(Object.entries(paging).filter(([, value]) => value !== undefined));
}
