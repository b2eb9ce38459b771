DROP TABLE IF EXISTS inbound_sms;
DROP TABLE IF EXISTS alert_attempts;
DROP TABLE IF EXISTS job_runs;
DROP TABLE IF EXISTS payout_statements;
DROP TABLE IF EXISTS payout_lines;
