DROP TABLE IF EXISTS processed_messages;
DROP TABLE IF EXISTS pod_documents;
DROP TABLE IF EXISTS tracking_exceptions;
DROP TABLE IF EXISTS tracking_events;
