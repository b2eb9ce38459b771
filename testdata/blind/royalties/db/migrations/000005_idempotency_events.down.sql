DROP TABLE IF EXISTS webhook_deliveries;
DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS idempotency_keys;
