ALTER TABLE "symfonic"."memory_versions" ADD COLUMN "path" text[];--> statement-breakpoint
ALTER TABLE "symfonic"."turns" ADD COLUMN "path" text[];--> statement-breakpoint
-- Rows written before this migration get the path of their scope from a memory at the same scope
-- (a scope key is the digest of the path and cannot give it back by itself).
UPDATE "symfonic"."memory_versions" AS v SET "path" = m."path" FROM "symfonic"."memories" AS m WHERE m."id" = v."memory_id";--> statement-breakpoint
UPDATE "symfonic"."memory_versions" AS v SET "path" = s."path" FROM (SELECT DISTINCT ON ("tenant", "scope_key") "tenant", "scope_key", "path" FROM "symfonic"."memories") AS s WHERE v."path" IS NULL AND s."tenant" = v."tenant" AND s."scope_key" = v."scope_key";--> statement-breakpoint
UPDATE "symfonic"."turns" AS t SET "path" = s."path" FROM (SELECT DISTINCT ON ("tenant", "scope_key") "tenant", "scope_key", "path" FROM "symfonic"."memory_versions" WHERE "path" IS NOT NULL) AS s WHERE s."tenant" = t."tenant" AND s."scope_key" = t."scope_key";--> statement-breakpoint
CREATE INDEX "memory_versions_feed" ON "symfonic"."memory_versions" USING btree ("tenant","at","memory_id" collate "C","version");--> statement-breakpoint
CREATE INDEX "turns_feed" ON "symfonic"."turns" USING btree ("tenant","path" collate "C","turn","sequence");
