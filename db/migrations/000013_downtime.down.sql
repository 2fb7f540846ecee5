DROP TABLE equipment_downtime_equipment;
DROP TABLE equipment_downtime_departments;
DROP TABLE equipment_downtimes;
