DROP TABLE IF EXISTS inbox_events;
DROP TABLE IF EXISTS refunds;
DROP TABLE IF EXISTS prepaid_topups;
DROP TABLE IF EXISTS payment_attempts;
DROP TABLE IF EXISTS card_payments;
DROP TABLE IF EXISTS idempotency_keys;
