CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"actor_role" smallint,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"target_label" text,
	"address" text,
	"request_id" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "throttle_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_admins_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_search_trgm_idx" ON "audit_log" USING gin (lower(coalesce("actor_email", '') || E'\n' || coalesce("action", '') || E'\n' || coalesce("target_label", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "throttle_events_kind_key_at_idx" ON "throttle_events" USING btree ("kind","key","at");--> statement-breakpoint
CREATE INDEX "throttle_events_at_idx" ON "throttle_events" USING btree ("at");--> statement-breakpoint
-- The audit list's totals without a search come from row_counts (0005_row_counts_triggers), by action.
SELECT row_counts_attach('audit_log', ARRAY['action']);
