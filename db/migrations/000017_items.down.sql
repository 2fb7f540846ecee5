DROP TABLE event_outbox;
DROP TABLE items;
