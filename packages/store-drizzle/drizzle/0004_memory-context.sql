ALTER TABLE "symfonic"."memories" ADD COLUMN "context" text;--> statement-breakpoint
ALTER TABLE "symfonic"."memory_versions" ADD COLUMN "context" text;--> statement-breakpoint
ALTER TABLE "symfonic"."memories" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "symfonic"."memories" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "text"), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("context", '')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "memories_search" ON "symfonic"."memories" USING gin ("search") WITH (fastupdate=false);
