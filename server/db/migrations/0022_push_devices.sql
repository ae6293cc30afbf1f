CREATE TABLE "push_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"token" text NOT NULL,
	"app_version" text,
	"locale" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_devices_platform_check" CHECK ("push_devices"."platform" in ('android', 'ios', 'web'))
);
--> statement-breakpoint
CREATE TABLE "push_sends" (
	"notification_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"attempt" smallint NOT NULL,
	"status" smallint NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_sends_notification_id_user_id_device_id_pk" PRIMARY KEY("notification_id","user_id","device_id"),
	CONSTRAINT "push_sends_status_check" CHECK ("push_sends"."status" in (2, 3))
);
--> statement-breakpoint
ALTER TABLE "notification_recipients" DROP CONSTRAINT "notification_recipients_delivery_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "no_device_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_sends" ADD CONSTRAINT "push_sends_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_devices_token_key" ON "push_devices" USING btree ("token");--> statement-breakpoint
CREATE INDEX "push_devices_user_id_idx" ON "push_devices" USING btree ("user_id","last_registered_at");--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_delivery_check" CHECK ("notification_recipients"."delivery" between 1 and 5);