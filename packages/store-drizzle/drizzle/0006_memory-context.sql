ALTER TABLE "symfonic"."memories" ADD COLUMN "context" text;--> statement-breakpoint
ALTER TABLE "symfonic"."memory_versions" ADD COLUMN "context" text;--> statement-breakpoint
ALTER TABLE "symfonic"."memories" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "symfonic"."memories" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "text"), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("context", '')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "memories_search" ON "symfonic"."memories" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
-- pinned_memories (migration 0005) answers each memory's context too; its return type
-- changes, so it is dropped and created again, otherwise as it was.
DROP FUNCTION "symfonic"."pinned_memories"(text, text[], text, double precision, integer);--> statement-breakpoint
CREATE FUNCTION "symfonic"."pinned_memories"(
	"asking_tenant" text,
	"visible_keys" text[],
	"asking_key" text,
	"min_salience" double precision,
	"max_rows" integer
) RETURNS TABLE (
	"id" text,
	"tenant" text,
	"path" text[],
	"layer" text,
	"text" text,
	"salience" double precision,
	"metadata" jsonb,
	"writer" text,
	"turn_id" text,
	"reply_family" text,
	"version" integer,
	"created_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	"context" text
)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $function$
#variable_conflict use_column
BEGIN
	IF min_salience >= 0.9 THEN
		RETURN QUERY
		SELECT pinned.* FROM (
			SELECT at_or_above.* FROM unnest(visible_keys) AS visible(key)
			CROSS JOIN LATERAL (
				SELECT m.id, m.tenant, m.path, m.layer, m.text, m.salience, m.metadata, m.writer,
					m.turn_id, m.reply_family, m.version, m.created_at, m.updated_at, m.context
				FROM "symfonic"."memories" AS m
				WHERE m.tenant = asking_tenant AND m.scope_key = visible.key
					AND m.layer = 'semantic' AND m.salience >= 0.9 AND m.salience >= min_salience
				ORDER BY m.updated_at DESC, m.id
				LIMIT max_rows
			) AS at_or_above
			UNION ALL
			SELECT m.id, m.tenant, m.path, m.layer, m.text, m.salience, m.metadata, m.writer,
				m.turn_id, m.reply_family, m.version, m.created_at, m.updated_at, m.context
			FROM "symfonic"."memories" AS m
			WHERE m.tenant = asking_tenant AND trim_array(m.ancestor_keys, 1) @> ARRAY[asking_key]
				AND m.layer = 'semantic' AND m.salience >= 0.9 AND m.salience >= min_salience
		) AS pinned
		ORDER BY pinned.updated_at DESC, pinned.id
		LIMIT max_rows;
	ELSE
		RETURN QUERY EXECUTE format(
			'SELECT visible.* FROM (
				SELECT m.id, m.tenant, m.path, m.layer, m.text, m.salience, m.metadata, m.writer,
					m.turn_id, m.reply_family, m.version, m.created_at, m.updated_at, m.context
				FROM "symfonic"."memories" AS m
				WHERE m.tenant = %L AND m.layer = ''semantic'' AND m.salience >= %L::double precision
					AND (m.scope_key = ANY (%L::text[]) OR (m.ancestor_keys @> ARRAY[%L] AND m.scope_key <> %L))
				OFFSET 0
			) AS visible
			ORDER BY visible.updated_at DESC, visible.id
			LIMIT %s',
			asking_tenant, min_salience, visible_keys, asking_key, asking_key, max_rows);
	END IF;
END
$function$;
