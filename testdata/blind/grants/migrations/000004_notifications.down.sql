DROP TABLE IF EXISTS sms_log;
DROP TABLE IF EXISTS grantee_webhook_deliveries;
DROP TABLE IF EXISTS email_outbox;
DROP TABLE IF EXISTS tax_receipts;
DROP TABLE IF EXISTS webhook_audit;
DROP TABLE IF EXISTS email_suppressions;
