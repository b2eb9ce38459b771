DROP TABLE IF EXISTS remittances;
DROP TABLE IF EXISTS idempotency_keys;
DROP TABLE IF EXISTS payment_attempts;
DROP TABLE IF EXISTS payments;
DROP TABLE IF EXISTS payment_runs;
