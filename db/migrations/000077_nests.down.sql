DROP TABLE nest_sheet_runs;
DROP TABLE nest_unplaced_parts;
DROP TABLE nest_placements;
DROP TABLE nest_plates;
DROP TABLE nest_parts;
DROP TABLE nests;
