-- Users become records the API reads (getUser, listUsers): a version for their ETag, which
-- the database advances on every UPDATE of the row like every record's (issuing another token
-- for an existing user touches its row, so that advances it too: a client refetches once),
-- and the indexes the list's name filter and default sort (name, then id) read.
ALTER TABLE users ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER users_advance_version BEFORE UPDATE ON users
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX users_name_idx ON users (tenant_id, lower(name), id);
CREATE INDEX users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
