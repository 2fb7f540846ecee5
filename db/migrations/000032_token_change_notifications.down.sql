DROP TRIGGER users_notify_auth_changed ON users;
DROP TRIGGER tenants_notify_auth_changed ON tenants;
DROP TRIGGER api_tokens_notify_auth_changed ON api_tokens;
DROP FUNCTION notify_auth_changed();
