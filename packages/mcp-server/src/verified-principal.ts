import type { AuthInfo } from '@modelcontextprotocol/server';
import type { MemoryPrincipal } from './memory-principal.js';

/** Whose memory a verified bearer token reaches, as a verifier puts it into `AuthInfo.extra`. */
export interface VerifiedPrincipal {
  readonly principal: MemoryPrincipal;
  /**
   * The principal as one string (tenant, user and conversation), under which
   * its sessions and refs are kept and counted: two tokens of one principal
   * share them, tokens of two principals never do.
   */
  readonly key: string;
}

/** The {@link VerifiedPrincipal} of `principal`. */
export function verifiedPrincipal(principal: MemoryPrincipal): VerifiedPrincipal {
  return {
    principal,
    key: JSON.stringify([principal.tenant, principal.user, principal.conversation ?? null]),
  };
}

/**
 * The principal a verifier found for the token of `auth`.
 *
 * @throws Error when `auth` carries none: a request reached MCP without passing a verifier, a bug.
 */
export function principalOf(auth: AuthInfo | undefined): VerifiedPrincipal {
  const found = auth?.extra?.symfonicPrincipal as VerifiedPrincipal | undefined;
  if (found === undefined) throw new Error('a request reached MCP without a verified principal');
  return found;
}

/** `AuthInfo.extra` carrying `principal`, for a verifier's answer. */
export function principalExtra(principal: MemoryPrincipal): Record<string, unknown> {
  return { symfonicPrincipal: verifiedPrincipal(principal) };
}
