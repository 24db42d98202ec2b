import { readFileSync } from 'node:fs';

/** The parsed JSON fixture `name` from this folder. */
export function readFixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as T;
}
