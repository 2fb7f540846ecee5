DROP TABLE tool_calibrations;
DROP TABLE tools;
DROP TABLE tool_templates;
