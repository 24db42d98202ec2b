import { InvalidMemoryInput, type MemoryScope, sameScope, toScope } from '@symfonic/core';

/** What a call may say about whose memory it is: `providerOptions.symfonic` of the AI SDK call. */
export interface CallScopes {
  readonly conversation?: MemoryScope;
  readonly owner?: MemoryScope;
}

/**
 * Refuse a call that names a conversation or owner (in
 * `providerOptions.symfonic`) other than the ones the middleware was built
 * for: a middleware is one per request, and one reused for a second user or
 * conversation would log and remember in the first one's scopes.
 *
 * @throws InvalidMemoryInput naming which scope differs and what to do, never the scopes themselves.
 */
export function requireOwnScopes(
  own: { readonly conversation: MemoryScope; readonly owner: MemoryScope },
  providerOptions: unknown,
): void {
  const named = (providerOptions as { symfonic?: CallScopes } | undefined)?.symfonic;
  if (named === undefined || named === null) return;
  for (const key of ['conversation', 'owner'] as const) {
    const scope = named[key];
    if (scope === undefined) continue;
    if (!sameScope(toScope(scope), own[key])) {
      throw new InvalidMemoryInput(
        `symfonicMemory: this call names another ${key} than the one its middleware was built for; a middleware serves one conversation and owner: build one per request (symfonicMemory({ memory, conversation, owner }) inside the request handler)`,
      );
    }
  }
}
