DROP TABLE department_shift_equipment;
DROP TABLE department_shifts;
