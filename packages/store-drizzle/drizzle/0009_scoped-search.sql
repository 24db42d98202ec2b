-- A word searched at a scope reads the index entries the scope and the word share: one GIN
-- index of each row's placement keys (its ancestor keys, its own among them, and its own key
-- again marked '=') beside search. Visibility is then one overlap test on those keys (the
-- scope's key, or an ancestor's marked '='), and one scan of this index intersects the
-- scope's entries with the word's, where the index of search alone read every holder of the
-- word in the tenant before the scope filter kept the scope's (41 000 entries, for a word
-- 4 % of a million memories hold, for the few hundred a user of 10 000 holds). It replaces
-- that index: a search always names a scope.
DROP INDEX IF EXISTS "symfonic"."memories_search";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "memories_scoped_search" ON "symfonic"."memories" USING gin (("ancestor_keys" || array['=' || "scope_key"]),"search") WITH (fastupdate=false);