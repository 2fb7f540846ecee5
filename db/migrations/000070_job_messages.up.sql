-- Job messages: the chat on a job. A message may be pinned to an operation of an item the job
-- makes (both named or neither), names its author (null for an integration token) and the
-- users it mentions; every mentioned user is a subscriber of the job's messages.
CREATE TABLE job_messages (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    id              text NOT NULL CHECK (char_length(id) = 24),
    job_id          text NOT NULL,
    item_to_make_id text,
    operation_id    text,
    body            text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 4000),
    author_user_id  text,
    created_utc     timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT job_messages_job_fkey FOREIGN KEY (tenant_id, job_id) REFERENCES jobs (tenant_id, id),
    CONSTRAINT job_messages_item_to_make_fkey FOREIGN KEY (tenant_id, item_to_make_id) REFERENCES job_items_to_make (tenant_id, id),
    CONSTRAINT job_messages_author_fkey FOREIGN KEY (tenant_id, author_user_id) REFERENCES users (tenant_id, id),
    CONSTRAINT job_messages_pinned_together CHECK ((item_to_make_id IS NULL) = (operation_id IS NULL))
);
-- The list's fixed order (newest first, then highest id), per job.
CREATE INDEX job_messages_list_idx ON job_messages (tenant_id, job_id, created_utc DESC, id DESC);
CREATE INDEX job_messages_operation_idx ON job_messages (tenant_id, job_id, item_to_make_id, operation_id, created_utc DESC, id DESC)
    WHERE item_to_make_id IS NOT NULL;

-- The users a message mentions, in the order first sent.
CREATE TABLE job_message_mentions (
    tenant_id  text NOT NULL REFERENCES tenants (id),
    message_id text NOT NULL,
    position   integer NOT NULL CHECK (position >= 1),
    user_id    text NOT NULL,
    PRIMARY KEY (tenant_id, message_id, user_id),
    CONSTRAINT job_message_mentions_message_fkey FOREIGN KEY (tenant_id, message_id) REFERENCES job_messages (tenant_id, id),
    CONSTRAINT job_message_mentions_user_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);

-- The users subscribed to a job's messages (each once).
CREATE TABLE job_message_subscribers (
    tenant_id   text NOT NULL REFERENCES tenants (id),
    job_id      text NOT NULL,
    user_id     text NOT NULL,
    created_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, job_id, user_id),
    CONSTRAINT job_message_subscribers_job_fkey FOREIGN KEY (tenant_id, job_id) REFERENCES jobs (tenant_id, id),
    CONSTRAINT job_message_subscribers_user_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);
