-- Tag-shaped lists (accounting codes, chart of accounts, later item tags): one table,
-- one row shape, told apart by list.
CREATE TABLE tags (
    tenant_id   text NOT NULL REFERENCES tenants (id),
    id          text NOT NULL,
    list        text NOT NULL CHECK (list IN ('accountingCode', 'chartOfAccount')),
    name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    style       text NOT NULL CHECK (style IN ('primary', 'secondary', 'success', 'danger', 'warning', 'info', 'light', 'dark', 'connected')),
    description text CHECK (char_length(description) BETWEEN 1 AND 200),
    types       text[] NOT NULL DEFAULT '{}',
    deleted     boolean NOT NULL DEFAULT false,
    created_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
-- Names are unique per list among live tags, case-insensitively; the last line of defence
-- under concurrent creates.
CREATE UNIQUE INDEX tags_name_key ON tags (tenant_id, list, lower(name)) WHERE NOT deleted;
