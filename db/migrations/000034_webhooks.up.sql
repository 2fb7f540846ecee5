-- Webhooks: a tenant's subscriptions, one delivery per event and subscription, and the log
-- of every attempt to deliver it.

-- The outbox's order: a sequence, monotonic within a transaction and, for one record whose
-- changes lock its row, in the order the changes committed. Deliveries of one record's
-- events to one subscription go out in this order.
ALTER TABLE event_outbox ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
-- Delivery holds back an event while an earlier event of the same record is not fanned out.
CREATE INDEX event_outbox_undelivered_record_idx ON event_outbox (tenant_id, aggregate_type, aggregate_id, seq)
    WHERE delivered_utc IS NULL;

CREATE TABLE webhook_subscriptions (
    tenant_id        text NOT NULL REFERENCES tenants (id),
    id               text NOT NULL,
    url              text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2000),
    -- Empty: every event type, including those added later.
    event_types      text[] NOT NULL DEFAULT '{}',
    is_active        boolean NOT NULL DEFAULT true,
    description      text CHECK (char_length(description) <= 2000),
    -- The signing secret (whsec_ and base64 of the key): kept as is, since signing needs it.
    secret           text NOT NULL,
    -- The secret a rotation replaced, valid (and signing beside the new one) until it expires.
    previous_secret  text,
    previous_secret_expires_utc timestamptz,
    -- Since when every attempt failed (null after a success), and why the worker turned the
    -- subscription off when that lasted too long.
    failing_since_utc timestamptz,
    disabled_utc     timestamptz,
    disabled_reason  text,
    created_utc      timestamptz NOT NULL DEFAULT now(),
    modified_utc     timestamptz NOT NULL DEFAULT now(),
    version          bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CHECK ((previous_secret IS NULL) = (previous_secret_expires_utc IS NULL))
);
CREATE TRIGGER webhook_subscriptions_advance_version BEFORE UPDATE ON webhook_subscriptions
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();
-- The list's default order, and its eventType filter: the subscriptions listing the type,
-- and those taking every type.
CREATE INDEX webhook_subscriptions_created_idx ON webhook_subscriptions (tenant_id, created_utc, id);
CREATE INDEX webhook_subscriptions_event_types_idx ON webhook_subscriptions USING gin (event_types);
CREATE INDEX webhook_subscriptions_every_type_idx ON webhook_subscriptions (tenant_id) WHERE event_types = '{}';

CREATE TABLE webhook_deliveries (
    tenant_id        text NOT NULL,
    id               text NOT NULL,
    subscription_id  text NOT NULL,
    -- The event: its id is the webhook-id header on every attempt and replay.
    event_id         text NOT NULL,
    event_seq        bigint NOT NULL,
    event_type       text NOT NULL,
    aggregate_type   text NOT NULL,
    aggregate_id     text NOT NULL,
    occurred_utc     timestamptz NOT NULL,
    -- The body exactly as sent, so that retries and replays send the same bytes.
    body             text NOT NULL,
    status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
    -- Attempts of the current round (a replay starts a new one); attempts_total counts all.
    attempts         integer NOT NULL DEFAULT 0,
    attempts_total   integer NOT NULL DEFAULT 0,
    next_attempt_utc timestamptz,
    -- A worker sending the delivery holds it until then; past it, another may take it.
    leased_until_utc timestamptz,
    last_attempt_utc timestamptz,
    completed_utc    timestamptz,
    created_utc      timestamptz NOT NULL DEFAULT now(),
    version          bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, subscription_id, event_id),
    FOREIGN KEY (tenant_id, subscription_id) REFERENCES webhook_subscriptions (tenant_id, id) ON DELETE CASCADE,
    CHECK ((status = 'pending') = (next_attempt_utc IS NOT NULL))
);
CREATE TRIGGER webhook_deliveries_advance_version BEFORE UPDATE ON webhook_deliveries
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();
-- What the worker claims: pending deliveries, earliest due first.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_utc) WHERE status = 'pending';
-- Order per record: an earlier pending delivery of the same record and subscription holds
-- back the later ones.
CREATE INDEX webhook_deliveries_pending_record_idx ON webhook_deliveries
    (tenant_id, subscription_id, aggregate_type, aggregate_id, event_seq) WHERE status = 'pending';
-- The delivery log: newest first, by status, by event type, and replay of failures since a time.
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (tenant_id, subscription_id, created_utc, id);
CREATE INDEX webhook_deliveries_status_idx ON webhook_deliveries (tenant_id, subscription_id, status, created_utc, id);
CREATE INDEX webhook_deliveries_type_idx ON webhook_deliveries (tenant_id, subscription_id, event_type, created_utc, id);

-- Retention: finished deliveries leave the log after the retention period.
CREATE INDEX webhook_deliveries_completed_idx ON webhook_deliveries (completed_utc) WHERE status <> 'pending';
-- Retention of the outbox: events fanned out long ago.
CREATE INDEX event_outbox_delivered_idx ON event_outbox (delivered_utc) WHERE delivered_utc IS NOT NULL;

CREATE TABLE webhook_attempts (
    tenant_id       text NOT NULL,
    delivery_id     text NOT NULL,
    number          integer NOT NULL,
    attempted_utc   timestamptz NOT NULL,
    -- The HTTP status, or null when none came (timeout, refused or dropped connection).
    status_code     integer,
    succeeded       boolean NOT NULL,
    duration_ms     integer NOT NULL CHECK (duration_ms >= 0),
    -- The start of the answer's body (at most 1 KiB), or what went wrong.
    response        text,
    error           text,
    PRIMARY KEY (tenant_id, delivery_id, number),
    FOREIGN KEY (tenant_id, delivery_id) REFERENCES webhook_deliveries (tenant_id, id) ON DELETE CASCADE
);
