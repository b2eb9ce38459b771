DROP TABLE IF EXISTS email_events;
DROP TABLE IF EXISTS mail_events_processed;
DROP TABLE IF EXISTS ach_events;
DROP TABLE IF EXISTS notices;
