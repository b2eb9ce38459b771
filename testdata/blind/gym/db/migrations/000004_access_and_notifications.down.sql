DROP TABLE IF EXISTS notification_log;
DROP TABLE IF EXISTS notifications;
DROP TABLE IF EXISTS access_denials;
DROP TABLE IF EXISTS check_ins;
DROP TABLE IF EXISTS access_cards;
