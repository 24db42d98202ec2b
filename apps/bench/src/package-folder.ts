/**
 * The folder of the workspace package `packages/<name>` as a `file:` URL, found from this
 * module's place in `apps/bench/dist`: where a benchmark writes the figures file
 * (`saveFigures`) or the README table of the package it measures.
 */
export function packageFolder(name: string): URL {
  return new URL(`../../../packages/${name}/`, import.meta.url);
}
