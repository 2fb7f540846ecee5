-- Vendors' full members and their addresses and contacts. The addresses and contacts are
-- shaped like a customer's (the parties mechanism serves both): sub-records with 36-character
-- ids, written one at a time under a lock on the vendor row.
ALTER TABLE vendors
    ADD COLUMN code                text CHECK (char_length(code) BETWEEN 1 AND 50 AND code = btrim(code)),
    ADD COLUMN payment_terms_id    text,
    ADD COLUMN lead_time_in_days   integer CHECK (lead_time_in_days >= 0),
    ADD COLUMN notes               text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    ADD COLUMN website             text CHECK (char_length(website) BETWEEN 1 AND 2000),
    ADD COLUMN phone               text CHECK (char_length(phone) BETWEEN 1 AND 200),
    ADD COLUMN email               text CHECK (char_length(email) BETWEEN 3 AND 320 AND email = btrim(email)),
    ADD COLUMN external_references jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN custom_fields       jsonb NOT NULL DEFAULT '{}',
    ADD CONSTRAINT vendors_payment_terms_fkey FOREIGN KEY (tenant_id, payment_terms_id) REFERENCES payment_terms (tenant_id, id);
-- Codes are unique among a tenant's live vendors, case-insensitively: the last line of
-- defence under concurrent creates; the list's code filter also uses it.
CREATE UNIQUE INDEX vendors_code_key ON vendors (tenant_id, lower(code)) WHERE NOT deleted;
CREATE INDEX vendors_code_idx ON vendors (tenant_id, lower(code));
CREATE INDEX vendors_modified ON vendors (tenant_id, modified_utc);
-- The list's default order when it includes deleted vendors.
CREATE INDEX vendors_name_order ON vendors (tenant_id, lower(name), id);
CREATE INDEX vendors_external_references ON vendors USING gin (external_references jsonb_path_ops);
CREATE INDEX vendors_payment_terms_idx ON vendors (tenant_id, payment_terms_id);

CREATE TABLE vendor_addresses (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    vendor_id          text NOT NULL,
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
    version            bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, vendor_id) REFERENCES vendors (tenant_id, id)
);
CREATE INDEX vendor_addresses_vendor ON vendor_addresses (tenant_id, vendor_id);
-- At most one billing and one shipping address per vendor: the service takes the mark from
-- the other addresses in the same transaction; these indexes are the last line of defence.
CREATE UNIQUE INDEX vendor_addresses_one_primary_billing ON vendor_addresses (tenant_id, vendor_id) WHERE primary_billing;
CREATE UNIQUE INDEX vendor_addresses_one_primary_shipping ON vendor_addresses (tenant_id, vendor_id) WHERE primary_shipping;
CREATE TRIGGER vendor_addresses_advance_version BEFORE UPDATE ON vendor_addresses
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE TABLE vendor_contacts (
    tenant_id    text NOT NULL REFERENCES tenants (id),
    vendor_id    text NOT NULL,
    id           text NOT NULL CHECK (char_length(id) = 36),
    first_name   text NOT NULL CHECK (char_length(first_name) BETWEEN 1 AND 200),
    last_name    text CHECK (char_length(last_name) BETWEEN 1 AND 200),
    position     text CHECK (char_length(position) BETWEEN 1 AND 200),
    phone        text CHECK (char_length(phone) BETWEEN 1 AND 200),
    cell_phone   text CHECK (char_length(cell_phone) BETWEEN 1 AND 200),
    -- Stored trimmed as written; the service checks the mailbox form.
    email        text CHECK (char_length(email) BETWEEN 3 AND 320 AND email = btrim(email)),
    created_utc  timestamptz NOT NULL DEFAULT now(),
    modified_utc timestamptz NOT NULL DEFAULT now(),
    version      bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, vendor_id) REFERENCES vendors (tenant_id, id)
);
CREATE INDEX vendor_contacts_vendor ON vendor_contacts (tenant_id, vendor_id);
CREATE TRIGGER vendor_contacts_advance_version BEFORE UPDATE ON vendor_contacts
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();
