-- The vectors of one scope read by themselves: a GIN index of each vector's placement keys (its
-- ancestor keys, and its own key again marked '='), on which a vector search's visibility is one
-- overlap test. At a user of a large tenant the planner can then compare the scope's vectors
-- exactly instead of walking the HNSW graph of the whole tenant past every other scope's.
CREATE INDEX IF NOT EXISTS "memory_embeddings_placement_keys" ON "symfonic"."memory_embeddings" USING gin (("ancestor_keys" || array['=' || "scope_key"]));