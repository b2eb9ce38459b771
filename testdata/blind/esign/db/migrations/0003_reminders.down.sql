DROP TABLE IF EXISTS sms_status_events;
DROP TABLE IF EXISTS reminders;
DROP TABLE IF EXISTS reminder_requests;
