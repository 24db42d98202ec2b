/** How long per-client state lives unused, and how much of it one principal may hold. */
export interface ClientStateLimits {
  /** Idle time after which an entry is dropped (and a session closed), in ms; default 30 minutes. */
  readonly idleMs: number;
  /** Most live entries one principal may hold; default 16. */
  readonly perPrincipal: number;
}

/** The defaults: 30 minutes idle, 16 entries per principal. */
export const defaultClientStateLimits: ClientStateLimits = {
  idleMs: 30 * 60_000,
  perPrincipal: 16,
};

/**
 * Refused because the principal already holds the most entries it may
 * (`ClientStateLimits.perPrincipal`); the message says what to do.
 */
export class ClientStateLimit extends Error {
  constructor(what: string, limits: ClientStateLimits) {
    super(
      `too many ${what}: this principal already holds ${limits.perPrincipal}, the most it may; end one, or wait until one has been unused for ${Math.round(limits.idleMs / 60_000)} minutes`,
    );
    this.name = 'ClientStateLimit';
  }
}

interface Entry<V> {
  readonly principal: string;
  readonly value: V;
  lastUsed: number;
}

/**
 * State kept per client of a principal (a 2025 client's MCP session, a
 * 2026-07-28 client's refs), bounded twice: an entry unused for
 * `idleMs` is dropped (`onDrop` closes what it holds), and a principal
 * holding `perPrincipal` live entries cannot open another
 * ({@link ClientStateLimit}). Entries are kept in order of last use, so
 * dropping the idle ones costs only what is dropped; every access drops
 * them, and {@link sweep} does it for a server with no traffic.
 */
export class ClientStateTable<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #held = new Map<string, number>();

  /**
   * @param what what an entry is, for the refusal (`"MCP sessions"`).
   * @param now the clock, in ms (tests and benchmarks move it).
   */
  constructor(
    private readonly what: string,
    readonly limits: ClientStateLimits = defaultClientStateLimits,
    private readonly onDrop: (value: V) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The live entry under `key` and its principal, marked used; `undefined` when none (or idle too long). */
  get(key: string): { readonly principal: string; readonly value: V } | undefined {
    this.sweep();
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#touch(key, entry);
    return entry;
  }

  /**
   * The live entry under `key`, or a new one made by `create` for
   * `principal`.
   *
   * @throws ClientStateLimit when a new entry would exceed the principal's cap.
   */
  open(principal: string, key: string, create: () => V): V {
    const found = this.get(key);
    if (found !== undefined) return found.value;
    const held = this.#held.get(principal) ?? 0;
    if (held >= this.limits.perPrincipal) throw new ClientStateLimit(this.what, this.limits);
    const entry: Entry<V> = { principal, value: create(), lastUsed: this.now() };
    this.#entries.set(key, entry);
    this.#held.set(principal, held + 1);
    return entry.value;
  }

  /** Drop the entry under `key` (calling `onDrop`), if there is one. */
  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#forget(key, entry);
    this.onDrop(entry.value);
  }

  /** Drop every entry unused for `idleMs` or longer. */
  sweep(): void {
    const oldest = this.now() - this.limits.idleMs;
    for (const [key, entry] of this.#entries) {
      if (entry.lastUsed > oldest) return;
      this.#forget(key, entry);
      this.onDrop(entry.value);
    }
  }

  /** Drop every entry. */
  clear(): void {
    for (const [key, entry] of [...this.#entries]) {
      this.#forget(key, entry);
      this.onDrop(entry.value);
    }
  }

  /** How many live entries the table holds. */
  get size(): number {
    return this.#entries.size;
  }

  #touch(key: string, entry: Entry<V>): void {
    entry.lastUsed = this.now();
    this.#entries.delete(key);
    this.#entries.set(key, entry);
  }

  #forget(key: string, entry: Entry<V>): void {
    this.#entries.delete(key);
    const held = (this.#held.get(entry.principal) ?? 1) - 1;
    if (held === 0) this.#held.delete(entry.principal);
    else this.#held.set(entry.principal, held);
  }
}
