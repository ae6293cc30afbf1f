ALTER TABLE "app_users" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "app_users_external_id_key" ON "app_users" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_external_id_key" ON "feedback" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_external_id_key" ON "partners" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pets_external_id_key" ON "pets" USING btree ("external_id");