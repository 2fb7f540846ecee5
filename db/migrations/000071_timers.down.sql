DROP TABLE time_clock_entries;
DROP TABLE timers;
