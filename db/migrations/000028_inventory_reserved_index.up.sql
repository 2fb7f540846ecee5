-- Reserved stock (available = on hand - reserved) is computed from the events that carry a
-- reservedForType; they are few beside the whole ledger, so a partial index finds them
-- without scanning the tenant's events.
CREATE INDEX inventory_events_reserved_idx ON inventory_events (tenant_id, id) WHERE reserved_for_type IS NOT NULL;
