CREATE TABLE "idempotency_keys" (
	"admin_id" uuid NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" smallint,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_admin_id_key_method_path_pk" PRIMARY KEY("admin_id","key","method","path")
);
--> statement-breakpoint
CREATE TABLE "signed_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"admin_id" uuid,
	"max_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "window_key" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_uploads" ADD CONSTRAINT "signed_uploads_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "signed_uploads_admin_id_created_at_idx" ON "signed_uploads" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "signed_uploads_unattached_created_at_idx" ON "signed_uploads" USING btree ("created_at") WHERE "signed_uploads"."attached_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_window_key_key" ON "audit_log" USING btree ("window_key");--> statement-breakpoint

-- Signed uploads taken up by a record (signed_uploads, see server/db/schema.ts): when a row that
-- may hold upload URLs is written, every upload key it names is marked attached, so the upload
-- sweep keeps the file. Done here rather than in each route, so that no save path (places,
-- sites, profile pictures, CMS pages with inline images) can forget it. A key is the server's
-- own `<folder>/<yyyy>/<mm>/<uuid>.<ext>` (server/routes/common-upload.ts); the pattern has no
-- nested repetition, so it runs in linear time over the row's text.
CREATE FUNCTION signed_uploads_attach() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE signed_uploads SET attached_at = now()
  WHERE attached_at IS NULL
    AND key IN (
      SELECT m[1] FROM regexp_matches(
        row_to_json(NEW)::text,
        '([a-z]+/[0-9]{4}/[0-9]{2}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z]+)',
        'g'
      ) AS m
    );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER places_signed_uploads_attach AFTER INSERT OR UPDATE OF logo, images ON places
FOR EACH ROW EXECUTE FUNCTION signed_uploads_attach();
--> statement-breakpoint
CREATE TRIGGER sites_signed_uploads_attach AFTER INSERT OR UPDATE OF images ON sites
FOR EACH ROW EXECUTE FUNCTION signed_uploads_attach();
--> statement-breakpoint
CREATE TRIGGER admins_signed_uploads_attach AFTER INSERT OR UPDATE OF profile_image ON admins
FOR EACH ROW EXECUTE FUNCTION signed_uploads_attach();
--> statement-breakpoint
CREATE TRIGGER cms_pages_signed_uploads_attach AFTER INSERT OR UPDATE OF content ON cms_pages
FOR EACH ROW EXECUTE FUNCTION signed_uploads_attach();
