DROP TABLE refund_reason_codes;
