-- A word searched at a scope reads the index entries the scope and the word share: one GIN
-- index of ancestor_keys and search together, whose scan intersects the scope key's entries
-- with the word's, where the index of search alone read every holder of the word in the
-- tenant before the scope filter kept the scope's (a word in 4 % of a million memories cost
-- 41 000 entries for the few hundred a user of 10 000 holds). It replaces that index: a
-- search always names a scope, and the word alone is still a scan of this index's second column.
DROP INDEX IF EXISTS "symfonic"."memories_search";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "memories_scoped_search" ON "symfonic"."memories" USING gin ("ancestor_keys","search") WITH (fastupdate=false);