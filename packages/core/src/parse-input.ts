import type { z } from 'zod';
import { InvalidMemoryInput } from './errors/invalid-memory-input.js';

/**
 * Parse untrusted `input` with `schema`, or throw `InvalidMemoryInput`
 * carrying the zod issues. `what` names the input in the message.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  what: string,
): z.infer<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw InvalidMemoryInput.fromZod(what, parsed.error);
  return parsed.data;
}
