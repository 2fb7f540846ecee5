-- The previous check, not validated against the tracking stored meanwhile.
ALTER TABLE routing_operation_ipts
    DROP CONSTRAINT routing_operation_ipts_frequency_check,
    ADD CONSTRAINT routing_operation_ipts_check CHECK (frequency > 0 AND phase = 'inProcess') NOT VALID;
