/**
 * How the store runs a write of memories: `action`, then, once it has
 * committed, what the store keeps in process (its read index) reads again
 * the memories whose ids `touched` names in the write's result. A store that
 * keeps nothing in process only runs `action`.
 */
export type MemoryWrite = <Result>(
  action: () => Promise<Result>,
  touched: (result: Result) => Iterable<string>,
) => Promise<Result>;
