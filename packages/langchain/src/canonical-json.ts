/**
 * `value` as JSON with every object's keys sorted, so two values that differ
 * only in key order (as a JSONB column hands them back) serialise alike.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    typeof field === 'object' && field !== null && !Array.isArray(field)
      ? Object.fromEntries(
          Object.entries(field as Record<string, unknown>).sort(([left], [right]) =>
            left < right ? -1 : left > right ? 1 : 0,
          ),
        )
      : field,
  );
}
