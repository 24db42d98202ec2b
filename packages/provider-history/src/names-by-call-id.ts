/**
 * The tool name of each call, by call id, read from `calls`: LangChain tool
 * calls (`reply.tool_calls`), or any objects with a string `id` and `name`
 * (a caller's own tool-call records). An entry whose `id` or `name` is missing,
 * empty or not a string is skipped: it names nothing. When two calls share an
 * id, the later one's name wins. Returns an empty map for no calls; never throws
 * for an entry it cannot read.
 */
export function namesByCallId(calls: Iterable<unknown>): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  for (const call of calls) {
    if (typeof call !== 'object' || call === null) continue;
    const { id, name } = call as { id?: unknown; name?: unknown };
    if (typeof id === 'string' && id !== '' && typeof name === 'string' && name !== '') {
      names.set(id, name);
    }
  }
  return names;
}
