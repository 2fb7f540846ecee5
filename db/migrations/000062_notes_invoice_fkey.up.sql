-- A note on an invoice names a real invoice of its tenant, as notes on the other documents do
-- (the constraint waited for the invoices table).
ALTER TABLE notes
    ADD CONSTRAINT notes_invoice_fkey FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id);
