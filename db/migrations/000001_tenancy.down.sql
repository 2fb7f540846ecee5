DROP TABLE api_tokens;
DROP TABLE users;
DROP TABLE tenants;
