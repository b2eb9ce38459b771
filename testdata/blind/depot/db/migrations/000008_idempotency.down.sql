DROP TABLE IF EXISTS stock_adjustments;
DROP TABLE IF EXISTS processed_messages;
DROP TABLE IF EXISTS idempotency_keys;
