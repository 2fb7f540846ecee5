-- Servers keep the principals of recently used tokens in memory for a few seconds. Every
-- committed change to a token, a tenant or a user notifies them, so that a revoked token,
-- a deleted tenant or a changed user is refused or shown at once, not when the cache
-- expires. One notification per statement; the payload is empty (any change empties the
-- cache: such changes are rare).
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('mos_auth_changed', '');
    RETURN NULL;
END;
$$;

CREATE TRIGGER api_tokens_notify_auth_changed AFTER UPDATE OR DELETE ON api_tokens
    FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
CREATE TRIGGER tenants_notify_auth_changed AFTER UPDATE OR DELETE ON tenants
    FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
CREATE TRIGGER users_notify_auth_changed AFTER UPDATE OR DELETE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
