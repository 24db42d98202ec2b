const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why PostgreSQL cannot keep `value` exactly, or `undefined` when it can.
 * PostgreSQL text cannot hold U+0000, and a lone UTF-16 surrogate has no
 * UTF-8 form (drivers would silently turn it into U+FFFD). Such input is
 * refused instead of being stored altered. Objects and arrays are checked
 * deeply, keys included (metadata is JSON).
 */
export function unstorableText(value: unknown): string | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'contains U+0000, which PostgreSQL text cannot hold';
    if (loneSurrogate.test(value))
      return 'contains a lone UTF-16 surrogate, which has no UTF-8 form';
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
