ALTER TABLE items ADD COLUMN enable_remnant_sync boolean NOT NULL DEFAULT false;
ALTER TABLE inventory_events DROP COLUMN unit_of_measure_id;
