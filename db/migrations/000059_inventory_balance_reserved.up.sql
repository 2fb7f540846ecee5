-- The units reserved at a balance were summed from the whole tenant's reservation history on
-- every read, so picks, shipments and stock lists slowed as reservations accumulated. A
-- balance now keeps that sum itself: reserved_quantity is the net reserved_change of the
-- transactions at its place (reservation events and their reverts), moved by the ledger in the
-- same statement order as the transactions it writes, under the balance's row lock. Reads
-- bound it to 0 and the quantity on hand, as the sum was bounded before.
ALTER TABLE inventory_balances ADD COLUMN reserved_quantity numeric NOT NULL DEFAULT 0;

UPDATE inventory_balances b SET reserved_quantity = r.reserved
FROM (
    SELECT t.tenant_id, t.item_id, coalesce(t.lot_id, '') AS lot, coalesce(t.location_id, '') AS location,
           sum(t.reserved_change) AS reserved
    FROM inventory_transactions t
    JOIN inventory_events e ON e.tenant_id = t.tenant_id AND e.id = t.event_id
    WHERE e.reserved_for_type IS NOT NULL
    GROUP BY 1, 2, 3, 4
) r
WHERE b.tenant_id = r.tenant_id AND b.item_id = r.item_id
  AND coalesce(b.lot_id, '') = r.lot AND coalesce(b.location_id, '') = r.location;
