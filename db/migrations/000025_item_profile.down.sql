DROP TABLE item_sales_unit_conversions;
DROP TABLE item_bar_code_counters;
ALTER TABLE items
    DROP COLUMN accounting_code_id, DROP COLUMN accounting_code2_id, DROP COLUMN material_code_id,
    DROP COLUMN category_id, DROP COLUMN grade_id, DROP COLUMN shape_id, DROP COLUMN gauge_id,
    DROP COLUMN accounting_class_id, DROP COLUMN income_account_id, DROP COLUMN asset_account_id,
    DROP COLUMN expense_account_id, DROP COLUMN cogs_account_id,
    DROP COLUMN shipping_class, DROP COLUMN shipping_nmfc, DROP COLUMN shipping_is_hazmat,
    DROP COLUMN shipping_unit_weight, DROP COLUMN shipping_tariff_code, DROP COLUMN shipping_country_of_origin,
    DROP COLUMN quality_plan_status, DROP COLUMN bar_code_number;
