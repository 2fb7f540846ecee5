DROP INDEX users_name_trgm_idx;
DROP INDEX users_name_idx;
DROP TRIGGER users_advance_version ON users;
ALTER TABLE users DROP COLUMN version;
