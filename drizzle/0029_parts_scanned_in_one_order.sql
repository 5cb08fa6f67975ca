-- A search takes the first 1,000 matches a scan of parts meets (docs/decisions/025-bounded-search.md),
-- so every page of it must meet them in the same order: no parallel workers for parts, nor for the
-- fits a search by laptop reads beside them, whose rows would arrive in any order. Kept with the
-- tables instead of turned off by each search's own transaction, which cost a search two statements
-- (begin and commit) of five.
ALTER TABLE "parts" SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE "part_fits" SET (parallel_workers = 0);
