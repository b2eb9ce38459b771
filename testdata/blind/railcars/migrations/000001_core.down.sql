DROP TABLE IF EXISTS processed_webhooks;
DROP TABLE IF EXISTS outbox_events;
DROP TABLE IF EXISTS idempotency_keys;
DROP TABLE IF EXISTS billing_schedules;
DROP TABLE IF EXISTS lease_cars;
DROP TABLE IF EXISTS leases;
DROP TABLE IF EXISTS cars;
DROP TABLE IF EXISTS customers;
