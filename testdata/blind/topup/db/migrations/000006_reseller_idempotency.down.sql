ALTER TABLE topups DROP COLUMN IF EXISTS source;
DROP TABLE IF EXISTS idempotency_records;
