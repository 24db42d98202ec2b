import { InvalidMemoryInput } from './errors/invalid-memory-input.js';
import { Limits } from './limits.js';

/**
 * The ops of one `apply`, checked as a whole before any op is read: an
 * array of at most {@link Limits.opsPerApply} ops. Its length is checked
 * first, so a sparse array claiming billions of entries costs nothing.
 *
 * @returns `ops`, unchanged.
 * @throws InvalidMemoryInput when `ops` is not an array, or holds more than
 * {@link Limits.opsPerApply} ops: the whole call is refused, and nothing of it
 * is written.
 */
export function requireOpList(ops: unknown): readonly unknown[] {
  if (!Array.isArray(ops)) throw new InvalidMemoryInput('invalid memory ops: not an array');
  if (ops.length > Limits.opsPerApply) {
    throw new InvalidMemoryInput(
      `invalid memory ops: ${ops.length} ops, more than the ${Limits.opsPerApply} one apply may carry; none was applied`,
    );
  }
  return ops;
}
