import { InvalidMemoryInput } from '@symfonic/core';
import type { CrossingLedger } from '../crossing-ledger.js';

/**
 * Run `action`, which must be refused with `InvalidMemoryInput`, and count
 * the refusal in `ledger`.
 *
 * @throws Error when `action` is accepted, and whatever else it throws.
 */
export async function expectRefusal(
  ledger: CrossingLedger,
  action: () => Promise<unknown>,
): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (InvalidMemoryInput.isInstance(error)) {
      ledger.refused();
      return;
    }
    throw error;
  }
  throw new Error('a hostile input was accepted where InvalidMemoryInput was expected');
}
