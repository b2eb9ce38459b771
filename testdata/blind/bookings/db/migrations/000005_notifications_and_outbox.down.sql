DROP TABLE IF EXISTS display_push_attempts;
DROP TABLE IF EXISTS outbox_events;
DROP TABLE IF EXISTS processed_messages;
DROP TABLE IF EXISTS disruption_notices;
DROP TABLE IF EXISTS notifications;
