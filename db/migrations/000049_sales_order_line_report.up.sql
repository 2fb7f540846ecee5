-- The sales-order-lines report lists part lines by their order's number then line number.
-- An order's number never changes once given, so each line carries a copy, filled on insert
-- from its order, and one index of the line table gives the report's default order without
-- reading every order of the tenant.
ALTER TABLE sales_order_part_lines ADD COLUMN sales_order_number bigint;

UPDATE sales_order_part_lines l SET sales_order_number = o.number
FROM sales_orders o WHERE o.tenant_id = l.tenant_id AND o.id = l.sales_order_id;

ALTER TABLE sales_order_part_lines ALTER COLUMN sales_order_number SET NOT NULL;

CREATE FUNCTION copy_sales_order_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT number INTO NEW.sales_order_number FROM sales_orders
    WHERE tenant_id = NEW.tenant_id AND id = NEW.sales_order_id;
    RETURN NEW;
END
$$;

CREATE TRIGGER sales_order_part_lines_copy_order_number BEFORE INSERT ON sales_order_part_lines
    FOR EACH ROW EXECUTE FUNCTION copy_sales_order_number();

CREATE INDEX sales_order_part_lines_report_idx ON sales_order_part_lines (tenant_id, sales_order_number, line_number, id);
