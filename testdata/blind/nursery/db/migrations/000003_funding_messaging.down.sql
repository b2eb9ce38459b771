DROP TABLE IF EXISTS ratio_alerts;
DROP TABLE IF EXISTS ratio_readings;
DROP TABLE IF EXISTS parent_messages;
DROP TABLE IF EXISTS message_broadcasts;
DROP TABLE IF EXISTS funded_hours_claims;
