/** What a `ref` tool argument names once resolved: a memory id, or why it names none. */
export type ResolvedRef =
  | { readonly ok: true; readonly id: string }
  | { readonly ok: false; readonly reason: string };

/**
 * The refs of the latest `memory_recall` one client made: what `#1`, `#2`…
 * mean in its next `memory_remember`, `memory_history` and `memory_forget`.
 * A 2025 client's session holds its own ({@link SessionRefs}); a stateless
 * 2026-07-28 client's are kept per principal and client name, with an idle
 * expiry and a cap (see `ClientRefs`).
 */
export interface MemoryRefs {
  /** Replace the refs with those of the block just shown. */
  replaceWith(refs: Readonly<Record<string, string>>): void;
  /** The refs of the latest block (ref → memory id), `{}` before the first recall. */
  current(): Readonly<Record<string, string>>;
  /**
   * The memory id `ref` names: a `#n` of the latest block, or any other
   * string taken as a memory id (the store then decides whether the scope
   * can see it). A `#n` the latest block did not show names nothing.
   */
  resolve(ref: string): ResolvedRef;
}
