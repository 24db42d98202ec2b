const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why PostgreSQL cannot keep `value` exactly, or `undefined` when it can.
 * PostgreSQL text cannot hold U+0000, a lone UTF-16 surrogate has no UTF-8
 * form (drivers would silently turn it into U+FFFD), and a leading U+FEFF is
 * dropped on read by PGlite's driver (its `TextDecoder` takes it for a
 * byte-order mark). Such input is refused on every driver, so the store
 * behaves the same wherever it runs, instead of being stored altered. Objects and arrays are checked
 * deeply, keys included (metadata is JSON).
 */
export function unstorableText(value: unknown): string | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'contains U+0000, which PostgreSQL text cannot hold';
    if (loneSurrogate.test(value))
      return 'contains a lone UTF-16 surrogate, which has no UTF-8 form';
    if (value.startsWith('\uFEFF')) {
      return 'begins with U+FEFF, which the PGlite driver drops as a byte-order mark';
    }
    return undefined;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = unstorableText(item);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const problem = unstorableText(key) ?? unstorableText(item);
      if (problem) return problem;
    }
  }
  return undefined;
}
