ALTER TABLE job_operations DROP COLUMN custom_fields;
