ALTER TABLE notes DROP CONSTRAINT notes_invoice_fkey;
