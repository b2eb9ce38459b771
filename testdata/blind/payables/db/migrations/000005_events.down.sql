DROP TABLE IF EXISTS notifications;
DROP TABLE IF EXISTS webhook_deliveries;
DROP TABLE IF EXISTS outbox;
DROP TABLE IF EXISTS processed_events;
