ALTER TABLE charges DROP CONSTRAINT IF EXISTS charges_invoice_fk;
ALTER TABLE usage_records DROP CONSTRAINT IF EXISTS usage_records_invoice_fk;
DROP TABLE IF EXISTS invoice_lines;
DROP TABLE IF EXISTS invoices;
