CREATE SCHEMA "symfonic";
--> statement-breakpoint
CREATE TABLE "symfonic"."memories" (
	"id" text PRIMARY KEY NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "symfonic"."memories_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"scope_key" text NOT NULL,
	"ancestor_keys" text[] NOT NULL,
	"path" text[] NOT NULL,
	"layer" text NOT NULL,
	"text" text NOT NULL,
	"text_hash" text NOT NULL,
	"salience" double precision NOT NULL,
	"metadata" jsonb,
	"writer" text NOT NULL,
	"turn_id" text,
	"reply_family" text,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "text")) STORED NOT NULL,
	CONSTRAINT "memories_layer" CHECK ("symfonic"."memories"."layer" in ('episodic', 'semantic')),
	CONSTRAINT "memories_salience" CHECK ("symfonic"."memories"."salience" >= 0 and "symfonic"."memories"."salience" <= 1)
);
--> statement-breakpoint
CREATE TABLE "symfonic"."memory_embeddings" (
	"memory_id" text NOT NULL,
	"model" text NOT NULL,
	"dimensions" integer NOT NULL,
	"tenant" text NOT NULL,
	"scope_key" text NOT NULL,
	"ancestor_keys" text[] NOT NULL,
	"layer" text NOT NULL,
	"embedding" real[] NOT NULL,
	CONSTRAINT "memory_embeddings_pk" PRIMARY KEY("memory_id","model")
);
--> statement-breakpoint
CREATE TABLE "symfonic"."memory_versions" (
	"memory_id" text NOT NULL,
	"version" integer NOT NULL,
	"tenant" text NOT NULL,
	"scope_key" text NOT NULL,
	"ancestor_keys" text[] NOT NULL,
	"change" text NOT NULL,
	"layer" text NOT NULL,
	"text" text NOT NULL,
	"salience" double precision NOT NULL,
	"writer" text NOT NULL,
	"turn_id" text,
	"reply_family" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "memory_versions_pk" PRIMARY KEY("memory_id","version"),
	CONSTRAINT "memory_versions_change" CHECK ("symfonic"."memory_versions"."change" in ('created', 'updated', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "symfonic"."turns" (
	"sequence" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "symfonic"."turns_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"scope_key" text NOT NULL,
	"ancestor_keys" text[] NOT NULL,
	"turn_id" text NOT NULL,
	"speaker" text NOT NULL,
	"text" text NOT NULL,
	"turn" integer NOT NULL,
	"logged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "symfonic"."memory_embeddings" ADD CONSTRAINT "memory_embeddings_memory" FOREIGN KEY ("memory_id") REFERENCES "symfonic"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memories_dedup" ON "symfonic"."memories" USING btree ("tenant","scope_key","layer","text_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "memories_sequence" ON "symfonic"."memories" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "memories_recent" ON "symfonic"."memories" USING btree ("tenant","updated_at");--> statement-breakpoint
CREATE INDEX "memories_ancestor_keys" ON "symfonic"."memories" USING gin ("ancestor_keys") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "memories_search" ON "symfonic"."memories" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "memory_embeddings_ancestor_keys" ON "symfonic"."memory_embeddings" USING gin ("ancestor_keys");--> statement-breakpoint
CREATE INDEX "memory_versions_ancestor_keys" ON "symfonic"."memory_versions" USING gin ("ancestor_keys");--> statement-breakpoint
CREATE UNIQUE INDEX "turns_once" ON "symfonic"."turns" USING btree ("tenant","scope_key","turn_id");--> statement-breakpoint
CREATE INDEX "turns_recent" ON "symfonic"."turns" USING btree ("tenant","scope_key","turn","sequence");--> statement-breakpoint
CREATE INDEX "turns_ancestor_keys" ON "symfonic"."turns" USING gin ("ancestor_keys");