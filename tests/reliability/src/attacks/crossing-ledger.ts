import {
  isVisible,
  type MemoryRecord,
  type MemoryScope,
  ScopeViolation,
  sameScope,
} from '@symfonic/core';

/** One row that crossed a boundary. */
export interface Crossing {
  /** The probe that saw it, e.g. `scanCandidates` or `hydrate text`. */
  readonly probe: string;
  /** The asking scope, `tenant/segment/…`. */
  readonly asking: string;
  /** The row's id, or the canary token that gave it away. */
  readonly row: string;
  /** Why it counts as crossed. */
  readonly why: string;
}

/** What an isolation attack found. */
export interface IsolationReport {
  readonly attempts: number;
  readonly refusals: number;
  /** Rows answered to, or written into, a scope that cannot see them. */
  readonly crossings: readonly Crossing[];
  /** `ScopeViolation`s raised by a layer that caught a backend leaking (each a leak, caught). */
  readonly violations: readonly string[];
}

/** A row as a probe answered it: at least an id, maybe a scope and a text. */
export interface AnsweredRow {
  readonly id: string;
  readonly scope?: MemoryScope;
  readonly text?: string;
}

/** A scope as printed in a crossing: the JSON array `["tenant","segment",…]`, unambiguous whatever its segments hold. */
export function scopeText(scope: MemoryScope): string {
  return JSON.stringify([scope.tenant, ...scope.path]);
}

const canaryPattern = /canary[0-9]+x/g;

/**
 * The book of an isolation attack: who owns every row and canary token
 * written, every attempt made, and every row seen where it must not be.
 */
export class CrossingLedger {
  readonly #owners = new Map<string, MemoryScope>();
  readonly #written = new Map<string, MemoryRecord>();
  readonly #tokens = new Map<string, MemoryScope>();
  readonly #crossings: Crossing[] = [];
  readonly #violations: string[] = [];
  #attempts = 0;
  #refusals = 0;

  /** Record that row `id` was written at `scope` (the scope the caller asked for, whatever the store did). */
  own(id: string, scope: MemoryScope): void {
    this.#owners.set(id, scope);
  }

  /** Record that the canary `token` was written at `scope`. */
  ownToken(token: string, scope: MemoryScope): void {
    this.#tokens.set(token, scope);
  }

  /**
   * Record a row a write at `scope` answered: `scope` owns it, and a row
   * answered at another scope is a crossing found by `probe`.
   */
  recordWrite(probe: string, scope: MemoryScope, record: MemoryRecord): void {
    this.own(record.id, scope);
    this.#written.set(record.id, record);
    if (!sameScope(record.scope, scope)) {
      this.cross({
        probe,
        asking: scopeText(scope),
        row: record.id,
        why: `written at ${scopeText(record.scope)}`,
      });
    }
  }

  /** Every record written through {@link recordWrite}, by id, as its write answered it. */
  get written(): ReadonlyMap<string, MemoryRecord> {
    return this.#written;
  }

  /** The scope a row was written at, if the attack wrote it. */
  ownerOf(id: string): MemoryScope | undefined {
    return this.#owners.get(id);
  }

  /** Every row written, with its scope. */
  get rows(): ReadonlyMap<string, MemoryScope> {
    return this.#owners;
  }

  /** How many rows exist that `asking` must not see: the attempts one probe of it makes. */
  foreignRows(asking: MemoryScope): number {
    let count = 0;
    for (const owner of this.#owners.values()) if (!isVisible(owner, asking)) count += 1;
    return count;
  }

  /** Count `amount` attempts. */
  attempt(amount = 1): void {
    this.#attempts += amount;
  }

  /** Count one hostile input refused with a typed error or rejection code. */
  refused(): void {
    this.#refusals += 1;
  }

  /** Record a crossing found by other means than {@link checkRows}. */
  cross(crossing: Crossing): void {
    this.#crossings.push(crossing);
  }

  /**
   * Check the rows a probe at `asking` answered: each must be a row the
   * attack wrote, at a scope `asking` can see, answered with its true scope,
   * and its text may carry only canaries `asking` can see.
   */
  checkRows(probe: string, asking: MemoryScope, rows: readonly AnsweredRow[]): void {
    for (const row of rows) {
      const owner = this.#owners.get(row.id);
      const cross = (why: string) =>
        this.#crossings.push({ probe, asking: scopeText(asking), row: row.id, why });
      if (!owner) cross('a row the attack never wrote');
      else if (!isVisible(owner, asking)) cross(`written at ${scopeText(owner)}`);
      else if (row.scope && !sameScope(row.scope, owner))
        cross(`answered with scope ${scopeText(row.scope)}, written at ${scopeText(owner)}`);
      if (row.text !== undefined) this.checkText(probe, asking, row.text);
    }
  }

  /** Check that `text`, shown to `asking`, carries no canary of a scope it cannot see. */
  checkText(probe: string, asking: MemoryScope, text: string): void {
    for (const token of text.match(canaryPattern) ?? []) {
      const owner = this.#tokens.get(token);
      if (!owner || !isVisible(owner, asking)) {
        this.#crossings.push({
          probe,
          asking: scopeText(asking),
          row: token,
          why: owner ? `canary of ${scopeText(owner)}` : 'a canary the attack never wrote',
        });
      }
    }
  }

  /**
   * Run a probe; a `ScopeViolation` it raises is a leak a layer caught: it is
   * recorded, and the probe answers `undefined`. Any other error propagates.
   */
  async guard<Result>(probe: string, action: () => Promise<Result>): Promise<Result | undefined> {
    try {
      return await action();
    } catch (error) {
      if (!ScopeViolation.isInstance(error)) throw error;
      this.#violations.push(`${probe}: ${error.message}`);
      return undefined;
    }
  }

  /** The findings so far. */
  report(): IsolationReport {
    return {
      attempts: this.#attempts,
      refusals: this.#refusals,
      crossings: [...this.#crossings],
      violations: [...this.#violations],
    };
  }
}
