import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's `tsvector`, which drizzle-orm has no built-in column for; read only through SQL. */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'tsvector';
  },
});
