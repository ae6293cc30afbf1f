-- Left empty on purpose. This migration rewrote stored upload addresses to `/uploads/<key>` in
-- SQL, which cannot see which storage is configured, and so also rewrote an S3 bucket's own URLs
-- that happen to contain `/uploads/`. The rewrite now runs at start-up, only with the disk
-- storage (server/db/start-steps.ts, docs/DECISIONS.md, Uploads). It was never released; kept
-- in the journal so that databases which ran it stay in step.
SELECT 1;
