-- A quote part line's quantity in its item's inventory unit, which its routing's costs and
-- quantities count in: the line's quantity converted from the unit it is sold in (through
-- the unit type's factors or the item's sales conversion). Null when that unit has no fixed
-- conversion to the inventory unit (a Box of the Pieces type): such a line cannot be costed.
ALTER TABLE quote_part_lines ADD COLUMN inventory_quantity numeric CHECK (inventory_quantity > 0);

-- Lines written before: the quantity of a line in the inventory unit itself.
UPDATE quote_part_lines l SET inventory_quantity = l.quantity
FROM items i JOIN units_of_measure u ON u.tenant_id = i.tenant_id AND u.id = i.unit_of_measure_id
WHERE i.tenant_id = l.tenant_id AND i.id = l.item_id AND u.name = l.unit_of_measure_name;
