-- The pinned facts of a scope (selectPinned): the live semantic memories visible to it at or
-- above a salience, most recently updated first (ties by id), at most max_rows.
--
-- A function so that its statements are planned once per connection rather than on every
-- hydration: PL/pgSQL keeps the plan of each static statement, and `force_generic_plan` keeps
-- one plan whatever the arguments (the planner would otherwise re-plan each call, since its
-- generic estimate of an array of unknown length is worse than the three keys it sees).
--
-- At or above 0.9, the floor of the partial indexes of migrations 0003 and 0004 (the `salience >= 0.9`
-- written as a literal is what lets a generic plan use them), it reads for each visible scope
-- at or above this one (visible_keys, root first) its newest max_rows salient memories in
-- index order from `memories_salient`, and the salient memories of the scopes strictly below
-- it from `memories_salient_below` (its ancestor keys without the row's own, migration 0004):
-- a few rows, however many salient memories the scope holds.
-- Below the floor no partial index holds the rows: the statement is built with the arguments
-- as literals (EXECUTE format, %L quoting each), planned for them on each call, and reads the
-- visible scopes through the general indexes (OFFSET 0 keeps the planner from walking the
-- tenant's memories newest first, `memories_recent`, until enough match: a scan of the tenant
-- when salient memories are rare).
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
	"updated_at" timestamp with time zone
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
					m.turn_id, m.reply_family, m.version, m.created_at, m.updated_at
				FROM "symfonic"."memories" AS m
				WHERE m.tenant = asking_tenant AND m.scope_key = visible.key
					AND m.layer = 'semantic' AND m.salience >= 0.9 AND m.salience >= min_salience
				ORDER BY m.updated_at DESC, m.id
				LIMIT max_rows
			) AS at_or_above
			UNION ALL
			SELECT m.id, m.tenant, m.path, m.layer, m.text, m.salience, m.metadata, m.writer,
				m.turn_id, m.reply_family, m.version, m.created_at, m.updated_at
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
					m.turn_id, m.reply_family, m.version, m.created_at, m.updated_at
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
