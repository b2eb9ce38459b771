DROP TABLE IF EXISTS sms_opt_outs;
DROP TABLE IF EXISTS sms_receipts;
DROP TABLE IF EXISTS sms_attempts;
