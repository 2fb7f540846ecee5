-- A tracking without a frequency (once in its phase) is allowed at every phase: the check of
-- 000037 was false for a null frequency outside inProcess, so setup and final tracking could
-- not be stored. A frequency stays inProcess only.
ALTER TABLE routing_operation_ipts
    DROP CONSTRAINT routing_operation_ipts_check,
    ADD CONSTRAINT routing_operation_ipts_frequency_check CHECK (frequency IS NULL OR (frequency > 0 AND phase = 'inProcess'));
