DROP TABLE work_order_job_operations;
DROP TABLE work_order_operations;
DROP TABLE work_orders;
