-- A vector's key names its tenant: the store's upserts of vectors name (memory_id, model, tenant)
-- as their conflict target, which a table partitioned by tenant can hold as a unique key
-- (PostgreSQL requires the partition key in every unique index), so the store sends the same
-- statements to both layouts (see migrateStore's `partitions`). The key still leads with the
-- memory id: the cascade from a deleted memory finds its vectors by it.
ALTER TABLE "symfonic"."memory_embeddings" DROP CONSTRAINT "memory_embeddings_pk";
--> statement-breakpoint
ALTER TABLE "symfonic"."memory_embeddings" ADD CONSTRAINT "memory_embeddings_pk" PRIMARY KEY("memory_id","model","tenant");