-- pgvector, where this server has it. drizzle-kit cannot express an extension, and
-- a server without pgvector (Debian's PostgreSQL, for one) must still migrate:
-- the store then searches lexically and says so. A role that may not create the
-- extension is treated like a server without it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
  END IF;
EXCEPTION
  WHEN insufficient_privilege THEN
    RAISE NOTICE 'pgvector is available but this role may not create it: vectors stay off';
END
$$;
