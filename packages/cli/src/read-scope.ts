import { InvalidMemoryInput, type MemoryScope, parseScope } from '@symfonic/core';
import { CommandFailure, exitCodes } from './exit-codes.js';

/**
 * The scope a `<scope>` argument names, in the string form `parseScope`
 * reads (`acme/user:42/conversation:7`).
 *
 * @throws CommandFailure (usage) naming what is wrong with it.
 */
export function readScope(text: string): MemoryScope {
  try {
    return parseScope(text);
  } catch (error) {
    if (!InvalidMemoryInput.isInstance(error)) throw error;
    throw new CommandFailure(
      `<scope> ${JSON.stringify(text)}: ${error.message} (write it as tenant/segment/…, e.g. acme/user:42)`,
      exitCodes.usage,
    );
  }
}
