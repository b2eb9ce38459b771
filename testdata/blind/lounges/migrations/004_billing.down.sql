DROP TABLE IF EXISTS notifications;
DROP TABLE IF EXISTS renewal_attempt_log;
DROP TABLE IF EXISTS renewal_charges;
DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS refunds;
DROP TABLE IF EXISTS invoice_disputes;
DROP TABLE IF EXISTS partner_invoice_lines;
DROP TABLE IF EXISTS partner_invoices;
