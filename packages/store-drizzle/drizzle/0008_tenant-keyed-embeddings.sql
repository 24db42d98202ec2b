-- A vector's key names its tenant: the store's upserts of vectors name (tenant, memory_id, model)
-- as their conflict target, which a table partitioned by tenant can hold as a unique key
-- (PostgreSQL requires the partition key in every unique index), so the store sends the same
-- statements to both layouts (see migrateStore's `partitions`).
ALTER TABLE "symfonic"."memory_embeddings" DROP CONSTRAINT "memory_embeddings_pk";
--> statement-breakpoint
ALTER TABLE "symfonic"."memory_embeddings" ADD CONSTRAINT "memory_embeddings_pk" PRIMARY KEY("tenant","memory_id","model");