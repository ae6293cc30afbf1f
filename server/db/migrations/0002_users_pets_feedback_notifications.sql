CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_type_check" CHECK ("feedback"."type" in ('BUG', 'NEW_FEATURE', 'SUGGESTION', 'OTHER'))
);
--> statement-breakpoint
CREATE TABLE "notification_recipients" (
	"notification_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "notification_recipients_notification_id_user_id_pk" PRIMARY KEY("notification_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"send_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_send_to_check" CHECK ("notifications"."send_to" in ('ALL_USERS', 'SELECTED_USERS'))
);
--> statement-breakpoint
CREATE TABLE "pets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"age" numeric(4, 1),
	"species_name" text,
	"weight" numeric(6, 2),
	"breed_name" text,
	"size" smallint,
	"gender" smallint,
	"micro_chip_id" text,
	"date_of_birth" date,
	"profile_type" text DEFAULT '1' NOT NULL,
	"marking" text,
	"medical_history" text,
	"medications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vaccines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profile_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_since" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pets_size_check" CHECK ("pets"."size" between 1 and 4),
	CONSTRAINT "pets_gender_check" CHECK ("pets"."gender" between 1 and 3),
	CONSTRAINT "pets_profile_type_check" CHECK ("pets"."profile_type" in ('1', '2')),
	CONSTRAINT "pets_age_check" CHECK ("pets"."age" >= 0),
	CONSTRAINT "pets_weight_check" CHECK ("pets"."weight" >= 0)
);
--> statement-breakpoint
DROP INDEX "app_users_created_at_idx";--> statement-breakpoint
DROP INDEX "partners_created_at_idx";--> statement-breakpoint
DROP INDEX "places_kind_created_at_idx";--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "country_abbreviation" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_owner_id_app_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_created_at_id_idx" ON "feedback" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_type_created_at_id_idx" ON "feedback" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_user_id_idx" ON "feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "feedback_search_trgm_idx" ON "feedback" USING gin (lower(coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notification_recipients_user_id_idx" ON "notification_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_created_at_id_idx" ON "notifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_send_to_created_at_id_idx" ON "notifications" USING btree ("send_to","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_title_sort_idx" ON "notifications" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "notifications_search_trgm_idx" ON "notifications" USING gin (lower(coalesce("title", '') || E'\n' || coalesce("body", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pets_owner_id_created_at_idx" ON "pets" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "app_users_created_at_id_idx" ON "app_users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "app_users_status_created_at_id_idx" ON "app_users" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "app_users_username_sort_idx" ON "app_users" USING btree (lower("username"),"id");--> statement-breakpoint
CREATE INDEX "app_users_name_sort_idx" ON "app_users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "app_users_email_sort_idx" ON "app_users" USING btree (lower("email"),"id");--> statement-breakpoint
CREATE INDEX "app_users_dob_sort_idx" ON "app_users" USING btree (coalesce("dob", 'infinity'::date),"id");--> statement-breakpoint
CREATE INDEX "app_users_search_trgm_idx" ON "app_users" USING gin (lower(coalesce("username", '') || E'\n' || coalesce("name", '') || E'\n' || coalesce("email", '') || E'\n' || coalesce("mobile_no", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "app_users_username_trgm_idx" ON "app_users" USING gin (lower(coalesce("username", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_created_at_id_idx" ON "partners" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "partners_type_created_at_id_idx" ON "partners" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "partners_name_sort_idx" ON "partners" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "partners_search_trgm_idx" ON "partners" USING gin (lower(coalesce("name", '') || E'\n' || coalesce("owner_name", '') || E'\n' || coalesce("email", '') || E'\n' || coalesce("mobile_no", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_kind_created_at_id_idx" ON "places" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "places_kind_status_created_at_id_idx" ON "places" USING btree ("kind","status","created_at","id");--> statement-breakpoint
CREATE INDEX "places_kind_name_sort_idx" ON "places" USING btree ("kind",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "places_search_trgm_idx" ON "places" USING gin (lower(coalesce("name", '') || E'\n' || coalesce("address", '')) gin_trgm_ops);