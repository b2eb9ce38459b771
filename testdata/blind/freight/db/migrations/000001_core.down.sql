DROP TABLE IF EXISTS idempotency_keys;
DROP TABLE IF EXISTS shipments;
DROP TABLE IF EXISTS customers;
