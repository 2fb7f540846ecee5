-- Tags (list 'tag'): the tag catalogue items carry, a third Tag-shaped list beside
-- accounting codes and chart of accounts entries, sharing their table and rules.
ALTER TABLE tags DROP CONSTRAINT tags_list_check;
ALTER TABLE tags ADD CONSTRAINT tags_list_check CHECK (list IN ('accountingCode', 'chartOfAccount', 'tag'));
-- A tag's types are derived from the links below when read, so nothing stored can go stale.
ALTER TABLE tags DROP COLUMN types;

-- The tags of an item (owned by the items area). The tags area reads it only to derive a
-- tag's types. Only list 'tag' may be linked; the items service checks that, the foreign
-- keys make sure both ends exist.
CREATE TABLE item_tags (
    tenant_id   text NOT NULL REFERENCES tenants (id),
    item_id     text NOT NULL,
    tag_id      text NOT NULL,
    created_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, item_id, tag_id),
    FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    FOREIGN KEY (tenant_id, tag_id) REFERENCES tags (tenant_id, id)
);
-- Finds whether a tag is attached anywhere (its derived types).
CREATE INDEX item_tags_tag_idx ON item_tags (tenant_id, tag_id);
