DROP TABLE invoice_progress_billing_lines;
DROP TABLE sales_order_progress_milestones;
DROP TABLE invoice_deposit_adjustment_lines;
DROP TABLE invoice_deposit_lines;
DROP TABLE invoice_refund_lines;
ALTER TABLE invoices DROP COLUMN refund_total, DROP COLUMN deposit_total, DROP COLUMN deposit_adjustment_total,
    DROP COLUMN progress_billing_total, DROP COLUMN progress_billing_adjustment_total;
