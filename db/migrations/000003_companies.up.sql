-- The tenant's company records: name, contact numbers and two postal addresses.
CREATE TABLE companies (
    tenant_id    text NOT NULL REFERENCES tenants (id),
    id           text NOT NULL,
    is_primary   boolean NOT NULL DEFAULT false,
    name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    -- Addresses are read and written whole with the company: one jsonb object each, keyed by
    -- the API's member names (name, address1, ..., email); absent keys hold no value.
    ship_to      jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(ship_to) = 'object'),
    remit_to     jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(remit_to) = 'object'),
    phone_number text CHECK (char_length(phone_number) BETWEEN 1 AND 200),
    fax_number   text CHECK (char_length(fax_number) BETWEEN 1 AND 200),
    email        text CHECK (char_length(email) BETWEEN 1 AND 200),
    created_utc  timestamptz NOT NULL DEFAULT now(),
    modified_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
-- At most one primary company per tenant: the service demotes the previous primary in the
-- same transaction; this index is the last line of defence.
CREATE UNIQUE INDEX companies_one_primary ON companies (tenant_id) WHERE is_primary;
