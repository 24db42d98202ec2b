import { Limits, type MemoryScope, parseInput, scopeSegmentSchema } from '@symfonic/core';
import { z } from 'zod';

/**
 * A principal's id that becomes the scope segment `<prefix><id>`: a valid
 * segment on its own and short enough that the prefixed segment is one too,
 * so an id the server accepts at start never makes every later call fail.
 */
const prefixedIdSchema = (prefix: string) =>
  scopeSegmentSchema.max(
    Limits.segmentLength - prefix.length,
    `at most ${Limits.segmentLength - prefix.length} characters (it forms the scope segment "${prefix}<id>", at most ${Limits.segmentLength})`,
  );

/**
 * Whose memory a session reads and writes: a tenant, a user of it and,
 * optionally, one conversation of that user. It comes from the server's
 * configuration (stdio) or from the bearer token (HTTP), never from a tool
 * argument, so a model can never choose whose memory it reads. The user
 * and conversation ids are checked as the segments they form
 * (`user:<user>`, `conversation:<conversation>`), so one too long to form a
 * segment is refused where it is configured, never at the first tool call.
 */
export const memoryPrincipalSchema = z
  .object({
    tenant: scopeSegmentSchema,
    user: prefixedIdSchema('user:'),
    conversation: prefixedIdSchema('conversation:').optional(),
  })
  .strict();

/** `{ tenant, user, conversation? }`. */
export type MemoryPrincipal = z.infer<typeof memoryPrincipalSchema>;

/** The two scopes a session works in. */
export interface PrincipalScopes {
  /**
   * `{ tenant, path: ["user:<user>"] }`: where memories are written, listed,
   * forgotten and erased, so a memory is visible in every conversation of
   * the user and to no other user.
   */
  readonly memories: MemoryScope;
  /**
   * `{ tenant, path: ["user:<user>", "conversation:<conversation>"] }` when a
   * conversation is configured, else the memories scope: where turns are
   * logged and where recall hydrates (its working window reads this scope's
   * turns; its recall sees the user's memories above it).
   */
  readonly conversation: MemoryScope;
}

/**
 * The scopes of `principal` (see {@link PrincipalScopes}).
 *
 * @throws InvalidMemoryInput when a segment is empty, too long, or holds `/` or control characters.
 */
export function principalScopes(principal: MemoryPrincipal): PrincipalScopes {
  const valid = parseInput(memoryPrincipalSchema, principal, 'memory principal');
  const memories = { tenant: valid.tenant, path: [`user:${valid.user}`] };
  return {
    memories,
    conversation:
      valid.conversation === undefined
        ? memories
        : { tenant: valid.tenant, path: [...memories.path, `conversation:${valid.conversation}`] },
  };
}
