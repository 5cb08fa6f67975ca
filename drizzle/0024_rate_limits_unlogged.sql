-- Rate-limit counters are written on every search and card attempt: unlogged, their writes wait for no
-- WAL flush. A crash empties them (every window starts again), which costs nothing worth keeping.
ALTER TABLE "rate_limits" SET UNLOGGED;
