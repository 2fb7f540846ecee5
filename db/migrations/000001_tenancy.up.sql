-- Tenants, users and API tokens: who is calling and on whose data.
CREATE TABLE tenants (
    id            text PRIMARY KEY,
    name          text NOT NULL,
    timezone      text NOT NULL DEFAULT 'UTC',
    currency_code text NOT NULL DEFAULT 'USD',
    -- provisioning: configuration not ready yet (requests answer 503); ready: in service.
    status        text NOT NULL DEFAULT 'ready' CHECK (status IN ('provisioning', 'ready')),
    created_utc   timestamptz NOT NULL DEFAULT now(),
    deleted_utc   timestamptz
);

CREATE TABLE users (
    tenant_id   text NOT NULL REFERENCES tenants (id),
    id          text NOT NULL,
    name        text NOT NULL,
    created_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX users_name_key ON users (tenant_id, lower(name));

CREATE TABLE api_tokens (
    id          text PRIMARY KEY,
    tenant_id   text NOT NULL REFERENCES tenants (id),
    -- integration tokens are tenant-bound and not permission-gated; user tokens act for a user.
    kind        text NOT NULL CHECK (kind IN ('integration', 'user')),
    user_id     text,
    permissions text[] NOT NULL DEFAULT '{}',
    -- SHA-256 of the secret token; the token itself is never stored.
    token_hash  bytea NOT NULL UNIQUE,
    created_utc timestamptz NOT NULL DEFAULT now(),
    expires_utc timestamptz,
    revoked_utc timestamptz,
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    CHECK ((kind = 'user') = (user_id IS NOT NULL))
);
