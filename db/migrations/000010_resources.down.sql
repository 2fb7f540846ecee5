DROP TABLE equipment;
DROP TABLE work_centers;
DROP TABLE departments;
