DROP TABLE alerts;
