import type { ApplyResult } from '../apply-result.js';
import type { Limits } from '../limits.js';
import type { MemoryOpInput } from '../memory-op.js';
import type { MemoryScope } from '../memory-scope.js';
import type { Provenance } from '../provenance.js';

/** Where memory operations are written. */
export interface MemoryWriter {
  /**
   * Validate each op and write the valid ones at `scope` with `provenance`.
   * Every op ends up in `applied` or `rejected` (with a code and reason);
   * the applied ones land together or not at all. An `add` whose normalised
   * text already exists in the scope and layer is rejected as `duplicate`.
   * An `update`/`delete` of an id not visible to `scope` is `unknown-id`.
   *
   * @throws InvalidMemoryInput when the scope or provenance is malformed, or
   * `ops` is not an array or holds more than {@link Limits.opsPerApply} ops
   * (the whole call is refused: nothing is written, no op is reported).
   * @throws MemoryUnavailable when the store cannot be reached; nothing was written.
   */
  apply(
    scope: MemoryScope,
    ops: readonly unknown[] | readonly MemoryOpInput[],
    provenance: Provenance,
  ): Promise<ApplyResult>;
}
