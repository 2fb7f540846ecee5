-- Idempotency keys: the first answer to a request sent with an Idempotency-Key, kept so that
-- a retry with the same key replays it instead of doing the work again. A row is claimed
-- ('running') before the request runs and completed ('done') with its answer; a request
-- answered 5xx gives its claim back. Keys older than 24 hours are ignored and swept.
CREATE TABLE idempotency_keys (
    tenant_id     text NOT NULL REFERENCES tenants (id),
    key           text NOT NULL CHECK (key ~ '^[ -~]{1,255}$'),
    -- The request holding the claim: completing and releasing it name it, so a request
    -- whose claim was taken over (expired, or abandoned by a process that died) cannot
    -- overwrite its successor's.
    claim_id      text NOT NULL,
    state         text NOT NULL CHECK (state IN ('running', 'done')),
    -- SHA-256 of the request: method, path, query and body; known when the request is done
    -- (an upload's body is hashed as it streams).
    fingerprint   bytea CHECK (octet_length(fingerprint) = 32),
    -- The answer replayed: status, Content-Type, the headers a client needs (Location,
    -- ETag, ...) as an object of name → value, and the body.
    status        integer CHECK (status BETWEEN 100 AND 499),
    content_type  text,
    headers       jsonb CHECK (jsonb_typeof(headers) = 'object'),
    body          bytea,
    created_utc   timestamptz NOT NULL DEFAULT now(),
    completed_utc timestamptz,
    PRIMARY KEY (tenant_id, key),
    CHECK ((state = 'done') = (fingerprint IS NOT NULL AND status IS NOT NULL AND headers IS NOT NULL
                               AND body IS NOT NULL AND completed_utc IS NOT NULL))
);
-- The sweeper removes expired keys of every tenant by age.
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_utc);
