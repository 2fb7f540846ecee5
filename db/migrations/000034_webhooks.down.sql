DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_subscriptions;
DROP INDEX event_outbox_undelivered_record_idx;
DROP INDEX event_outbox_delivered_idx;
ALTER TABLE event_outbox DROP COLUMN seq;
