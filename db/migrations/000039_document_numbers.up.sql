-- Document numbers: one counter per tenant and document kind, holding the last number given
-- out. The creating transaction takes the next number by incrementing its row (inserting it
-- at 1 for the kind's first document); the row lock that increment takes makes every other
-- creator of the same kind wait until that transaction ends, so a number is never given
-- twice and a rolled-back create's number goes to the next creator.
CREATE TABLE document_numbers (
    tenant_id  text NOT NULL REFERENCES tenants (id),
    kind       text NOT NULL CHECK (kind IN ('quote', 'salesOrder', 'purchaseOrder', 'invoice', 'shipment', 'receipt', 'workOrder', 'job')),
    last       bigint NOT NULL CHECK (last >= 0),
    PRIMARY KEY (tenant_id, kind)
);
