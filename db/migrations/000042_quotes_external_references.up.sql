-- The quote list's externalReference filter (external_references @> {key: {...}}) reads
-- this index instead of the tenant's whole table, as the customer list's does.
CREATE INDEX quotes_external_references ON quotes USING gin (external_references jsonb_path_ops);
