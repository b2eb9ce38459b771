DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS inbound_sms;
DROP TABLE IF EXISTS sms_log;
DROP TABLE IF EXISTS plate_corrections;
DROP TABLE IF EXISTS garage_tariffs;
DROP TABLE IF EXISTS garage_sessions;
