import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  type EmbeddingProvider,
  InvalidMemoryInput,
  type MemoryStore,
  MemoryUnavailable,
} from '@symfonic/core';
import { openStore } from '@symfonic/open-store';
import type { StorageChoice } from './server-options.js';
import { StartupFailure } from './startup-failure.js';

/** How long a connection to PostgreSQL may take before the attempt fails (10 s). */
export const connectTimeoutMs = 10_000;

/** An open store and how to close everything it holds. */
export interface ServerStore {
  readonly store: MemoryStore;
  /** Where the memories are, for the log: never a password. */
  readonly where: string;
  close(): Promise<void>;
}

/**
 * Open the store `choice` names with `openStore` of `@symfonic/open-store`,
 * migrations applied: PGlite in its folder (created when missing), or
 * PostgreSQL/Neon on a pool whose connection attempts give up after
 * {@link connectTimeoutMs}, so an unreachable host fails the start instead of
 * hanging it. The pool never lets a dying connection crash the process: the
 * call that used it gets `MemoryUnavailable`, and the next call connects again.
 *
 * @throws StartupFailure (exit code 3, one line saying what is wrong in words, never the URL) when the database cannot be reached, opened or migrated.
 */
export async function openServerStore(
  choice: StorageChoice,
  embedder: EmbeddingProvider | undefined,
): Promise<ServerStore> {
  try {
    if (choice.kind === 'pglite') {
      try {
        await mkdir(resolve(choice.dataDir), { recursive: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
        throw new StartupFailure(`--data ${choice.dataDir}: cannot create the folder (${code})`, 3);
      }
    }
    const target = choice.kind === 'pglite' ? resolve(choice.dataDir) : choice.databaseUrl;
    const opened = await openStore(target, { embedder: embedder ?? false, connectTimeoutMs });
    return { store: opened.store, where: opened.where, close: () => opened.close() };
  } catch (error) {
    if (error instanceof StartupFailure) throw error;
    if (MemoryUnavailable.isInstance(error) || InvalidMemoryInput.isInstance(error)) {
      throw new StartupFailure(`cannot open the memory database: ${error.message}`, 3);
    }
    throw error;
  }
}
