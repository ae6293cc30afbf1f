-- A bulk action's audit entries (each changed row's and the group's) share a group id, by which
-- the log lists them together; the index holds only those entries.
ALTER TABLE "audit_log" ADD COLUMN "group_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_group_at_idx" ON "audit_log" USING btree ("group_id","at","id") WHERE "audit_log"."group_id" is not null;