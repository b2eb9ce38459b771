DROP TABLE IF EXISTS compliance_reports;
DROP TABLE IF EXISTS compliance_line_items;
DROP TABLE IF EXISTS outbox;
DROP TABLE IF EXISTS webhook_events;
DROP TABLE IF EXISTS processed_messages;
DROP TABLE IF EXISTS idempotency_keys;
