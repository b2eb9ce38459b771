DROP TABLE IF EXISTS api_idempotency_keys;
DROP TABLE IF EXISTS api_keys;
DROP TABLE IF EXISTS accounts;
