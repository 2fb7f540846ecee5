DROP TABLE job_message_subscribers;
DROP TABLE job_message_mentions;
DROP TABLE job_messages;
