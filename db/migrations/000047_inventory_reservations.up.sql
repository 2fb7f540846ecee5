-- Reservations that leave on hand alone. A transaction's quantity_change is always what it
-- changed of its balance's quantity on hand; reserved_change is what it changed of the units
-- reserved at that balance (for its event's reservedForType and reservedForId). A balance's
-- reserved units are the sum of reserved_change over its transactions, bounded to 0 and the
-- quantity on hand.
ALTER TABLE inventory_transactions ADD COLUMN reserved_change numeric NOT NULL DEFAULT 0;

-- Until now the units a reserving event moved were the units it reserved: keep them reserved.
UPDATE inventory_transactions t SET reserved_change = t.quantity_change
FROM inventory_events e
WHERE e.tenant_id = t.tenant_id AND e.id = t.event_id AND e.reserved_for_type IS NOT NULL;

-- Reservation events (type adjustment): reserve holds units that stay on hand for a record,
-- release gives them back. Their transactions change no quantity on hand and no value.
ALTER TABLE inventory_events DROP CONSTRAINT inventory_events_secondary_type_check;
ALTER TABLE inventory_events ADD CONSTRAINT inventory_events_secondary_type_check CHECK (secondary_type IN ('pick', 'receive', 'override', 'revert', 'deposit', 'create', 'consume', 'ship', 'sold', 'transferOut', 'transferIn', 'found', 'expired', 'damaged', 'lost', 'returnVendor', 'returnStock', 'receivedNoPo', 'returnIncrease', 'returnDecrease', 'otherIncrease', 'otherDecrease', 'scrap', 'waste', 'transferredFromSalesOrder', 'overrideItemValue', 'transferFromLot', 'transferToLot', 'stockAdjustmentIncrease', 'stockAdjustmentDecrease', 'stockTake', 'reserve', 'release'));

-- What a record holds, per line (the source's related record), is read by reservedForId.
CREATE INDEX inventory_events_reserved_line_idx ON inventory_events (tenant_id, reserved_for_type, reserved_for_id, source_related_entity_id)
    WHERE reserved_for_type IS NOT NULL;
