-- A customer's addresses and contacts: sub-records with 36-character ids (UUIDs), written one
-- at a time under a lock on the customer row (see internal/sales/customers/parent.go).
CREATE TABLE customer_addresses (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    customer_id        text NOT NULL,
    id                 text NOT NULL CHECK (char_length(id) = 36),
    name               text CHECK (char_length(name) BETWEEN 1 AND 200),
    address1           text NOT NULL CHECK (char_length(address1) BETWEEN 1 AND 200),
    address2           text CHECK (char_length(address2) BETWEEN 1 AND 200),
    address3           text CHECK (char_length(address3) BETWEEN 1 AND 200),
    city               text NOT NULL CHECK (char_length(city) BETWEEN 1 AND 200),
    state_province     text CHECK (char_length(state_province) BETWEEN 1 AND 200),
    postal_code        text NOT NULL CHECK (char_length(postal_code) BETWEEN 1 AND 200),
    country            text CHECK (char_length(country) BETWEEN 1 AND 200),
    shipping_lead_time integer CHECK (shipping_lead_time >= 0),
    primary_billing    boolean NOT NULL DEFAULT false,
    primary_shipping   boolean NOT NULL DEFAULT false,
    email              text CHECK (char_length(email) BETWEEN 1 AND 200),
    phone              text CHECK (char_length(phone) BETWEEN 1 AND 200),
    fax                text CHECK (char_length(fax) BETWEEN 1 AND 200),
    notes              text CHECK (char_length(notes) BETWEEN 1 AND 200),
    created_utc        timestamptz NOT NULL DEFAULT now(),
    modified_utc       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id)
);
CREATE INDEX customer_addresses_customer ON customer_addresses (tenant_id, customer_id);
-- At most one billing and one shipping address per customer: the service takes the mark from
-- the other addresses in the same transaction; these indexes are the last line of defence.
CREATE UNIQUE INDEX customer_addresses_one_primary_billing ON customer_addresses (tenant_id, customer_id) WHERE primary_billing;
CREATE UNIQUE INDEX customer_addresses_one_primary_shipping ON customer_addresses (tenant_id, customer_id) WHERE primary_shipping;

CREATE TABLE customer_contacts (
    tenant_id    text NOT NULL REFERENCES tenants (id),
    customer_id  text NOT NULL,
    id           text NOT NULL CHECK (char_length(id) = 36),
    first_name   text NOT NULL CHECK (char_length(first_name) BETWEEN 1 AND 200),
    last_name    text CHECK (char_length(last_name) BETWEEN 1 AND 200),
    position     text CHECK (char_length(position) BETWEEN 1 AND 200),
    phone        text CHECK (char_length(phone) BETWEEN 1 AND 200),
    cell_phone   text CHECK (char_length(cell_phone) BETWEEN 1 AND 200),
    -- Stored trimmed as written; the service checks the mailbox form. Never blank: a blank
    -- email is no value.
    email        text CHECK (char_length(email) BETWEEN 3 AND 320 AND email = btrim(email)),
    created_utc  timestamptz NOT NULL DEFAULT now(),
    modified_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id)
);
CREATE INDEX customer_contacts_customer ON customer_contacts (tenant_id, customer_id);
-- The customer list's email filter matches a contact's email case-insensitively.
CREATE INDEX customer_contacts_email ON customer_contacts (tenant_id, lower(email));
