DROP TABLE IF EXISTS consumer_attempts;
DROP TABLE IF EXISTS payout_holds;
DROP TABLE IF EXISTS idempotency_keys;
DROP TABLE IF EXISTS dispute_refunds;
DROP TABLE IF EXISTS disputes;
