-- The item code lists (material codes, item categories, grade, shape and gauge codes, item
-- classes) are Tag-shaped lists beside accounting codes, sharing the tags table and rules.
ALTER TABLE tags DROP CONSTRAINT tags_list_check;
ALTER TABLE tags ADD CONSTRAINT tags_list_check CHECK (list IN (
    'accountingCode', 'chartOfAccount', 'tag',
    'materialCode', 'itemCategory', 'gradeCode', 'shapeCode', 'gaugeCode', 'itemClass'));
