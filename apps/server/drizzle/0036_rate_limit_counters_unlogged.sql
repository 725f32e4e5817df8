-- Every API call counts one hit here (platform/rate-limit-store.ts). Logged, each hit waited for its own WAL
-- flush while holding the row of its address: about 2,000 hits a second on one address, which halved the
-- throughput of every call. Unlogged, 12,000-15,000 (docs/decisions/0052). A crash or a failover empties the
-- table: every address starts a new window, which a rate limit can afford.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
