/**
 * The code a database failure carries: a PostgreSQL SQLSTATE (`57P01`) or a
 * Node socket code (`ECONNREFUSED`), looked for on the error and down its
 * `cause` chain (drizzle wraps driver errors), or under the `error` of the
 * WebSocket error event Neon's driver rejects with. `undefined` when none has one.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code.length > 0) return code;
    const link = current as { cause?: unknown; error?: unknown };
    current = link.cause ?? link.error;
  }
  return undefined;
}
