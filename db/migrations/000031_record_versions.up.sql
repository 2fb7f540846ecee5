-- Every record a single-record GET answers carries a version, which its ETag is made of
-- (conditional requests: If-None-Match on reads, If-Match on writes). The database advances
-- it before every UPDATE of the row, whatever code writes it, so no write can leave it behind:
-- a soft delete is an update too, and so is the touch with which a sub-record's change
-- advances its parent's modifiedUtc. A new record table adds the column and the trigger.
CREATE FUNCTION advance_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.version := OLD.version + 1;
    RETURN NEW;
END
$$;

ALTER TABLE tags ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER tags_advance_version BEFORE UPDATE ON tags
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE companies ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER companies_advance_version BEFORE UPDATE ON companies
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE custom_fields ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER custom_fields_advance_version BEFORE UPDATE ON custom_fields
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE customer_tiers ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER customer_tiers_advance_version BEFORE UPDATE ON customer_tiers
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE settings ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER settings_advance_version BEFORE UPDATE ON settings
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE payment_terms ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER payment_terms_advance_version BEFORE UPDATE ON payment_terms
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE customers ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER customers_advance_version BEFORE UPDATE ON customers
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE customer_addresses ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER customer_addresses_advance_version BEFORE UPDATE ON customer_addresses
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE customer_contacts ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER customer_contacts_advance_version BEFORE UPDATE ON customer_contacts
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE departments ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER departments_advance_version BEFORE UPDATE ON departments
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE work_centers ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER work_centers_advance_version BEFORE UPDATE ON work_centers
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE equipment ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER equipment_advance_version BEFORE UPDATE ON equipment
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE in_process_tracking_fields ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER in_process_tracking_fields_advance_version BEFORE UPDATE ON in_process_tracking_fields
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE department_shifts ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER department_shifts_advance_version BEFORE UPDATE ON department_shifts
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE equipment_downtimes ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER equipment_downtimes_advance_version BEFORE UPDATE ON equipment_downtimes
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE vendors ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER vendors_advance_version BEFORE UPDATE ON vendors
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE material_shapes ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER material_shapes_advance_version BEFORE UPDATE ON material_shapes
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE items ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER items_advance_version BEFORE UPDATE ON items
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE locations ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER locations_advance_version BEFORE UPDATE ON locations
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE inventory_lots ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER inventory_lots_advance_version BEFORE UPDATE ON inventory_lots
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE inventory_events ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER inventory_events_advance_version BEFORE UPDATE ON inventory_events
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

ALTER TABLE attachments ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TRIGGER attachments_advance_version BEFORE UPDATE ON attachments
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();
