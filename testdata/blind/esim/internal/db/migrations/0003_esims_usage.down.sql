DROP TABLE IF EXISTS usage_alerts_sent;
DROP TABLE IF EXISTS usage_alert_settings;
DROP TABLE IF EXISTS usage_records;
DROP TABLE IF EXISTS usage_reports;
DROP TABLE IF EXISTS top_ups;
DROP TABLE IF EXISTS esims;
