DROP INDEX IF EXISTS time_clock_entries_span_idx;
DROP INDEX IF EXISTS timers_span_idx;
