DROP TRIGGER tenants_seed_units_of_measure ON tenants;
DROP FUNCTION seed_units_of_measure_for_new_tenant();
DROP FUNCTION seed_units_of_measure(text);
DROP FUNCTION new_record_id();
DROP TABLE units_of_measure;
DROP TABLE unit_types;
