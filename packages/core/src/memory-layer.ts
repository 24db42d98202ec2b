import { z } from 'zod';

/**
 * The three layers of memory: `working` (the last turns, verbatim),
 * `episodic` (what happened) and `semantic` (what is true). A layer's name is
 * its render prefix: `[semantic]`.
 */
export const memoryLayerSchema = z.enum(['working', 'episodic', 'semantic']);

/** One of `working`, `episodic`, `semantic`. */
export type MemoryLayer = z.infer<typeof memoryLayerSchema>;

/** The layers a stored memory record can live in (working memory is the conversation log). */
export const storedLayerSchema = z.enum(['episodic', 'semantic']);

/** `episodic` or `semantic`. */
export type StoredLayer = z.infer<typeof storedLayerSchema>;
