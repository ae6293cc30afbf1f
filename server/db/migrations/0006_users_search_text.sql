DROP INDEX "app_users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("app_users"."username", '') || E'\n' || coalesce("app_users"."name", '') || E'\n' || coalesce("app_users"."email", '') || E'\n' || coalesce("app_users"."mobile_no", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "app_users_search_trgm_idx" ON "app_users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- A finer histogram of the search text, so that the planner sees how common a searched word is:
-- with the default, "smith" (one user in 40) was estimated at one in 600 and its page read through
-- the trigram index and sorted, instead of walking the newest users until ten match.
ALTER TABLE "app_users" ALTER COLUMN "search_text" SET STATISTICS 1000;
--> statement-breakpoint
-- The new column's statistics now (the embedded database has no autovacuum to gather them).
ANALYZE "app_users";
