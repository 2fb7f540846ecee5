DROP TABLE item_tags;
ALTER TABLE tags ADD COLUMN types text[] NOT NULL DEFAULT '{}';
DELETE FROM tags WHERE list = 'tag';
ALTER TABLE tags DROP CONSTRAINT tags_list_check;
ALTER TABLE tags ADD CONSTRAINT tags_list_check CHECK (list IN ('accountingCode', 'chartOfAccount'));
