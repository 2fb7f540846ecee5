-- The unit of measure an event's quantity counts, as the item's unit was when the event was
-- written: a revert refuses to put back or take out units counted in a unit the item no
-- longer uses. Events written before this migration have none (NULL).
ALTER TABLE inventory_events
    ADD COLUMN unit_of_measure_id text,
    ADD CONSTRAINT inventory_events_unit_of_measure_fkey FOREIGN KEY (tenant_id, unit_of_measure_id) REFERENCES units_of_measure (tenant_id, id);

-- items.enable_remnant_sync was never written: reads derive it from the item's material
-- shape link (a piece cut from a shape that is not a remnant syncs), so the column goes.
ALTER TABLE items DROP COLUMN enable_remnant_sync;
