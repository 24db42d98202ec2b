/**
 * The error codes that mean "the engine could not be reached", as Node's
 * sockets, DNS resolver and fetch (undici) report them.
 */
const connectionCodes: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** The error names of a timed-out request (`AbortSignal.timeout`). */
const timeoutNames: ReadonlySet<string> = new Set(['TimeoutError']);

/** How deep a chain of causes is followed: far enough for fetch's wrapping, never forever. */
const maximumDepth = 8;

/**
 * Whether `error` says the engine could not be reached: its `code` (or the
 * code of an error in its `cause` chain, or among an `AggregateError`'s
 * `errors`) is one of Node's connection codes (`ECONNREFUSED`, `ECONNRESET`,
 * `ECONNABORTED`, `ETIMEDOUT`, `ENOTFOUND`, `EAI_AGAIN`, `EHOSTUNREACH`,
 * `ENETUNREACH`, `ENETDOWN`, `EPIPE`, and undici's `UND_ERR_CONNECT_TIMEOUT`,
 * `UND_ERR_HEADERS_TIMEOUT`, `UND_ERR_BODY_TIMEOUT`, `UND_ERR_SOCKET`,
 * `UND_ERR_CLOSED`), or it is a `TimeoutError`.
 *
 * Anything else (a `TypeError` in the engine, a rejected query, an
 * authentication failure) is not a connection error: it is a fault to fix,
 * and disguising it as an outage would let callers quietly degrade past it.
 * Never throws.
 */
export function isConnectionError(error: unknown): boolean {
  return check(error, 0, new Set());
}

function check(error: unknown, depth: number, visited: Set<unknown>): boolean {
  if (typeof error !== 'object' || error === null || depth > maximumDepth || visited.has(error)) {
    return false;
  }
  visited.add(error);
  const { code, name, cause, errors } = error as {
    code?: unknown;
    name?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && connectionCodes.has(code)) return true;
  if (typeof name === 'string' && timeoutNames.has(name)) return true;
  if (check(cause, depth + 1, visited)) return true;
  return Array.isArray(errors) && errors.some((inner) => check(inner, depth + 1, visited));
}
