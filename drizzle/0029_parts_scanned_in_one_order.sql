-- A search takes the first 1,000 matches a scan of parts meets (docs/decisions/025-bounded-search.md),
-- so every page of it must meet them in the same order: no parallel workers for parts, whose rows
-- arrive in any order. Kept with the table instead of turned off by each search's own transaction,
-- which cost a search two statements (begin and commit) of five.
ALTER TABLE "parts" SET (parallel_workers = 0);
