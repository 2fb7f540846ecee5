DROP TABLE routing_operations;
