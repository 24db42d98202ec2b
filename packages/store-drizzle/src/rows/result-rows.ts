/**
 * The rows of a raw `execute` result. Every pg-core driver (PGlite,
 * node-postgres, Neon) answers an object with a `rows` array; the row type is
 * the caller's statement of what its SQL selects.
 */
export function resultRows<Row>(result: unknown): Row[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new TypeError('the driver answered a result without rows');
  return rows as Row[];
}
