-- A verification code belongs to the admin and the address that asked for it, so that nobody
-- elsewhere can replace or use up the owner's code; an idempotent answer belongs to the session
-- that made it. Both tables hold minutes or a day of short-lived rows, which are dropped rather
-- than given a made-up address or session (a code in flight is asked for again).
DELETE FROM "password_otps";--> statement-breakpoint
DELETE FROM "idempotency_keys";--> statement-breakpoint
DROP INDEX "password_otps_admin_id_key";--> statement-breakpoint
ALTER TABLE "password_otps" ADD COLUMN "requested_from" text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "password_otps_admin_id_requested_from_key" ON "password_otps" USING btree ("admin_id","requested_from");--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_admin_id_key_method_path_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "session_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_session_id_key_method_path_pk" PRIMARY KEY("session_id","key","method","path");
