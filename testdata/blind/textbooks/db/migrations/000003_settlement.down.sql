DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS partner_webhook_events;
DROP TABLE IF EXISTS regrade_applications;
DROP TABLE IF EXISTS wholesale_receipts;
DROP TABLE IF EXISTS settlement_batches;
DROP TABLE IF EXISTS wholesalers;
