-- Users become records the API reads (getUser, listUsers): a version for their ETag, and the
-- indexes the list's name filter and default sort (name, then id) read.
ALTER TABLE users ADD COLUMN version bigint NOT NULL DEFAULT 1;
-- Issuing a token for an existing user touches its row (the upsert's no-op update): only a
-- real change advances the version, so the ETag stays while the user does.
CREATE TRIGGER users_advance_version BEFORE UPDATE ON users
    FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION advance_record_version();

CREATE INDEX users_name_idx ON users (tenant_id, lower(name), id);
CREATE INDEX users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
