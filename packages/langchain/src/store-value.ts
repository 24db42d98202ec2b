import type { Item } from '@langchain/langgraph';
import { InvalidMemoryInput, Limits, type MemoryRecord } from '@symfonic/core';

/**
 * The metadata field a memory written through `SymfonicStore` keeps its
 * LangGraph key in, beside the value's other fields. A value may not have a
 * field of this name.
 */
export const storeKeyField = '$key';

/** The longest a value's fields besides `text` may be, serialised as JSON (characters). */
export const maxStoreMetadataLength = 16_000;

/** A LangGraph value as a memory: its text, and the rest as metadata with the key beside it. */
export interface StoredValue {
  readonly text: string;
  readonly metadata: Record<string, unknown>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * `value` as the memory `SymfonicStore.put` writes under `key`: `text` is the
 * memory's text, every other field its metadata, with the key in
 * {@link storeKeyField}.
 *
 * @throws InvalidMemoryInput when the value is not a plain object, has no
 * string `text`, its text is longer than `Limits.memoryText`, it has a field
 * named {@link storeKeyField}, or its other fields serialise to more than
 * {@link maxStoreMetadataLength} characters (or not at all): a value that
 * cannot be kept whole is refused, never cut.
 */
export function toStoredValue(key: string, value: unknown): StoredValue {
  if (!isPlainObject(value)) {
    throw new InvalidMemoryInput('a SymfonicStore value is a plain object with a string "text"');
  }
  const { text, ...rest } = value;
  if (typeof text !== 'string') {
    throw new InvalidMemoryInput(
      `the value of key "${key}" has no string "text": a SymfonicStore item is a memory, and its text is "text"`,
    );
  }
  if ([...text].length > Limits.memoryText) {
    throw new InvalidMemoryInput(
      `the "text" of key "${key}" is longer than ${Limits.memoryText} characters: it is refused, not cut`,
    );
  }
  if (storeKeyField in rest) {
    throw new InvalidMemoryInput(
      `the value of key "${key}" has a field "${storeKeyField}", where SymfonicStore keeps the key`,
    );
  }
  let serialised: string | undefined;
  try {
    serialised = JSON.stringify(rest);
  } catch {
    serialised = undefined;
  }
  if (serialised === undefined) {
    throw new InvalidMemoryInput(`the value of key "${key}" cannot be serialised as JSON`);
  }
  if (serialised.length > maxStoreMetadataLength) {
    throw new InvalidMemoryInput(
      `the fields of key "${key}" besides "text" take ${serialised.length} characters as JSON, more than ${maxStoreMetadataLength}: they are refused, not cut`,
    );
  }
  return { text, metadata: { ...JSON.parse(serialised), [storeKeyField]: key } };
}

/** The key a memory is found by: the one it was put under, else its id (a memory written otherwise). */
export function keyOf(record: MemoryRecord): string {
  const key = record.metadata?.[storeKeyField];
  return typeof key === 'string' ? key : record.id;
}

/** A memory as a LangGraph item: `{ text, ...metadata }` under its key, in its scope's path. */
export function toItem(record: MemoryRecord): Item {
  const { [storeKeyField]: _key, ...fields } = record.metadata ?? {};
  return {
    value: { text: record.text, ...fields },
    key: keyOf(record),
    namespace: [...record.scope.path],
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
