import { pgSchema } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL schema every table of the store lives in, so that the store's
 * tables never collide with an application's own `memories` or `turns`.
 */
export const symfonicSchema = pgSchema('symfonic');
