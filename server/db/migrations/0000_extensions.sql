-- Extensions come first: later migrations build trigram (pg_trgm) indexes for list search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
