DROP INDEX inventory_events_reserved_line_idx;
DELETE FROM inventory_transactions t USING inventory_events e
WHERE e.tenant_id = t.tenant_id AND e.id = t.event_id AND e.secondary_type IN ('reserve', 'release');
DELETE FROM inventory_events WHERE secondary_type IN ('reserve', 'release');
ALTER TABLE inventory_events DROP CONSTRAINT inventory_events_secondary_type_check;
ALTER TABLE inventory_events ADD CONSTRAINT inventory_events_secondary_type_check CHECK (secondary_type IN ('pick', 'receive', 'override', 'revert', 'deposit', 'create', 'consume', 'ship', 'sold', 'transferOut', 'transferIn', 'found', 'expired', 'damaged', 'lost', 'returnVendor', 'returnStock', 'receivedNoPo', 'returnIncrease', 'returnDecrease', 'otherIncrease', 'otherDecrease', 'scrap', 'waste', 'transferredFromSalesOrder', 'overrideItemValue', 'transferFromLot', 'transferToLot', 'stockAdjustmentIncrease', 'stockAdjustmentDecrease', 'stockTake'));
ALTER TABLE inventory_transactions DROP COLUMN reserved_change;
