/**
 * The distinct values of `items`, in the order of their first appearance:
 * the sessions of a ranked list of turns, best session first.
 *
 * @returns a new array; never throws.
 */
export function distinctInOrder<T>(items: Iterable<T>): T[] {
  return [...new Set(items)];
}
