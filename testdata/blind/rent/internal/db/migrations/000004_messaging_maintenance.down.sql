DROP TABLE IF EXISTS inbox_messages;
DROP TABLE IF EXISTS deposit_receipts;
DROP TABLE IF EXISTS move_out_jobs;
DROP TABLE IF EXISTS maintenance_requests;
DROP TABLE IF EXISTS sms_log;
DROP TABLE IF EXISTS receipts;
