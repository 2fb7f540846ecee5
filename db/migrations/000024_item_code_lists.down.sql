DELETE FROM tags WHERE list IN ('materialCode', 'itemCategory', 'gradeCode', 'shapeCode', 'gaugeCode', 'itemClass');
ALTER TABLE tags DROP CONSTRAINT tags_list_check;
ALTER TABLE tags ADD CONSTRAINT tags_list_check CHECK (list IN ('accountingCode', 'chartOfAccount', 'tag'));
