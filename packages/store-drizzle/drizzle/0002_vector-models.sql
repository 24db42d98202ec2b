ALTER TABLE "symfonic"."memories" ADD COLUMN "vector_models" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Mark the vectors already stored, as VectorIndex.key writes them ("<dimensions>:<model>").
UPDATE "symfonic"."memories" AS m SET "vector_models" = e.keys
FROM (
	SELECT "memory_id", array_agg("dimensions"::text || ':' || "model" ORDER BY "model") AS keys
	FROM "symfonic"."memory_embeddings" GROUP BY "memory_id"
) AS e
WHERE e."memory_id" = m."id";
