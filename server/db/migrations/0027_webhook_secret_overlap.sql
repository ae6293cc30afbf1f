ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_until" timestamp with time zone;--> statement-breakpoint

-- A delivery queued by any process (this server, another one on the database) is announced on
-- this channel when its transaction commits: each running dispatcher listens and sends at once
-- (server/webhooks/dispatcher.ts), instead of looking after every request that may have queued one.
CREATE FUNCTION webhook_deliveries_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('webhooks_queued', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_queued AFTER INSERT ON webhook_deliveries
FOR EACH STATEMENT EXECUTE FUNCTION webhook_deliveries_queued();
