-- A job operation's custom field values (module job_Operation): what a shop keeps on an
-- operation of a job beyond its routing operation.
ALTER TABLE job_operations ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '{}';
