/**
 * Freezes `value` and everything reachable from its own properties (reading
 * accessors, such as a chunk's lazily collapsed `tool_calls`, and freezing
 * what they return). A write anywhere in it then throws in strict code.
 * Prototypes are left alone: they are the classes', not the value's.
 */
export function deepFreeze<T>(value: T): T {
  const seen = new WeakSet<object>();
  const visit = (current: unknown): void => {
    if (typeof current !== 'object' || current === null || seen.has(current)) return;
    seen.add(current);
    for (const key of Reflect.ownKeys(current)) {
      const descriptor = Object.getOwnPropertyDescriptor(current, key);
      if (descriptor === undefined) continue;
      visit('value' in descriptor ? descriptor.value : descriptor.get?.call(current));
    }
    Object.freeze(current);
  };
  visit(value);
  return value;
}

/**
 * A plain-data copy of `value`'s own properties, accessors read, serialised:
 * proves that nothing changed even where a write to a frozen object fails
 * silently (sloppy-mode code, such as a CJS build). `toJSON` is not consulted.
 */
export function snapshot(value: unknown): string {
  const seen = new WeakSet<object>();
  const plain = (current: unknown): unknown => {
    if (current === undefined) return '<undefined>';
    if (typeof current !== 'object' || current === null) return current;
    if (seen.has(current)) return '<seen>';
    seen.add(current);
    if (Array.isArray(current)) return current.map(plain);
    return Object.fromEntries(
      Reflect.ownKeys(current)
        .filter((key): key is string => typeof key === 'string')
        .map((key) => [key, plain((current as Record<string, unknown>)[key])]),
    );
  };
  return JSON.stringify(plain(value));
}
