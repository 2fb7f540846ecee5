ALTER TABLE inventory_events DROP COLUMN unit_of_measure_id;
