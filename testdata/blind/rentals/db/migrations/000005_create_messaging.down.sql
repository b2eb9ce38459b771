DROP TABLE IF EXISTS messages;
DROP TABLE IF EXISTS message_threads;
