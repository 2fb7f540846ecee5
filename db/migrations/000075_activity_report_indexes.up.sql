-- The shop-floor reports read the timers and time-clock entries whose span overlaps a window
-- of days (a running timer or open entry spans up to the end of time). A GiST index on each
-- span, after the tenant (btree_gist), answers the overlap with both of its bounds.
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE INDEX timers_span_idx ON timers USING gist (tenant_id, tstzrange(started_utc, stopped_utc, '[)'));
CREATE INDEX time_clock_entries_span_idx ON time_clock_entries USING gist (tenant_id, tstzrange(clocked_in_utc, clocked_out_utc, '[)'));
