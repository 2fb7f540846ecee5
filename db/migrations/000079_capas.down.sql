DROP TABLE capas;
DELETE FROM document_numbers WHERE kind = 'capa';
ALTER TABLE document_numbers DROP CONSTRAINT document_numbers_kind_check;
ALTER TABLE document_numbers ADD CONSTRAINT document_numbers_kind_check
    CHECK (kind IN ('quote', 'salesOrder', 'purchaseOrder', 'invoice', 'shipment', 'receipt', 'workOrder', 'job', 'ncr'));
