ALTER TABLE "signed_uploads" ADD COLUMN "api_token_id" uuid;--> statement-breakpoint
ALTER TABLE "signed_uploads" ADD CONSTRAINT "signed_uploads_api_token_id_api_tokens_id_fk" FOREIGN KEY ("api_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signed_uploads_api_token_id_created_at_idx" ON "signed_uploads" USING btree ("api_token_id","created_at");--> statement-breakpoint

-- The integration API signs uploads for pet photos and app users' pictures (POST
-- /integration/uploads/..., server/routes/integration/uploads.ts): mark their keys attached when a
-- pet or an app user names them, as migration 0010 does for the panel's own records, so the upload
-- sweep keeps them. The WHEN clause runs the function only for a row that names something of the
-- key's shape: a bulk sync of users and pets whose pictures are on the platform's own hosts pays
-- nothing more than that test.
CREATE TRIGGER app_users_signed_uploads_attach AFTER INSERT OR UPDATE OF profile_image ON app_users
FOR EACH ROW WHEN (NEW.profile_image ~ '[a-z]+/[0-9]{4}/[0-9]{2}/[0-9a-f]{8}-[0-9a-f]{4}-')
EXECUTE FUNCTION signed_uploads_attach();
--> statement-breakpoint
CREATE TRIGGER pets_signed_uploads_attach AFTER INSERT OR UPDATE OF profile_photos ON pets
FOR EACH ROW WHEN (NEW.profile_photos::text ~ '[a-z]+/[0-9]{4}/[0-9]{2}/[0-9a-f]{8}-[0-9a-f]{4}-')
EXECUTE FUNCTION signed_uploads_attach();
