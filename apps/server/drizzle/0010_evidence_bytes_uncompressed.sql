-- Deal evidence bytes are stored out of line but not compressed: they are packed arrays that PostgreSQL's
-- pglz shrinks by about 1%, after compressing every row in full to find that out (two to three times the
-- write's cost; on the embedded database that work runs on the thread that answers requests).
ALTER TABLE "market_evidence" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "market_kept_snapshots" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
