DROP TRIGGER attachments_advance_version ON attachments;
ALTER TABLE attachments DROP COLUMN version;

DROP TRIGGER inventory_events_advance_version ON inventory_events;
ALTER TABLE inventory_events DROP COLUMN version;

DROP TRIGGER inventory_lots_advance_version ON inventory_lots;
ALTER TABLE inventory_lots DROP COLUMN version;

DROP TRIGGER locations_advance_version ON locations;
ALTER TABLE locations DROP COLUMN version;

DROP TRIGGER items_advance_version ON items;
ALTER TABLE items DROP COLUMN version;

DROP TRIGGER material_shapes_advance_version ON material_shapes;
ALTER TABLE material_shapes DROP COLUMN version;

DROP TRIGGER vendors_advance_version ON vendors;
ALTER TABLE vendors DROP COLUMN version;

DROP TRIGGER equipment_downtimes_advance_version ON equipment_downtimes;
ALTER TABLE equipment_downtimes DROP COLUMN version;

DROP TRIGGER department_shifts_advance_version ON department_shifts;
ALTER TABLE department_shifts DROP COLUMN version;

DROP TRIGGER in_process_tracking_fields_advance_version ON in_process_tracking_fields;
ALTER TABLE in_process_tracking_fields DROP COLUMN version;

DROP TRIGGER equipment_advance_version ON equipment;
ALTER TABLE equipment DROP COLUMN version;

DROP TRIGGER work_centers_advance_version ON work_centers;
ALTER TABLE work_centers DROP COLUMN version;

DROP TRIGGER departments_advance_version ON departments;
ALTER TABLE departments DROP COLUMN version;

DROP TRIGGER customer_contacts_advance_version ON customer_contacts;
ALTER TABLE customer_contacts DROP COLUMN version;

DROP TRIGGER customer_addresses_advance_version ON customer_addresses;
ALTER TABLE customer_addresses DROP COLUMN version;

DROP TRIGGER customers_advance_version ON customers;
ALTER TABLE customers DROP COLUMN version;

DROP TRIGGER payment_terms_advance_version ON payment_terms;
ALTER TABLE payment_terms DROP COLUMN version;

DROP TRIGGER settings_advance_version ON settings;
ALTER TABLE settings DROP COLUMN version;

DROP TRIGGER customer_tiers_advance_version ON customer_tiers;
ALTER TABLE customer_tiers DROP COLUMN version;

DROP TRIGGER custom_fields_advance_version ON custom_fields;
ALTER TABLE custom_fields DROP COLUMN version;

DROP TRIGGER companies_advance_version ON companies;
ALTER TABLE companies DROP COLUMN version;

DROP TRIGGER tags_advance_version ON tags;
ALTER TABLE tags DROP COLUMN version;

DROP FUNCTION advance_record_version();
