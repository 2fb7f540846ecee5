DROP TABLE job_picks;
DROP TABLE job_operations;
DROP TABLE job_items_to_make;
DROP TABLE jobs;
