DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS processed_messages;
DROP TABLE IF EXISTS http_idempotency_keys;
DROP TABLE IF EXISTS notification_attempts;
DROP TABLE IF EXISTS notifications;
