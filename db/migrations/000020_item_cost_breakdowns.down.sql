DROP TABLE item_cost_breakdowns;
