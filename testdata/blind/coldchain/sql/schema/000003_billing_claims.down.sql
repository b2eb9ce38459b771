DROP TABLE IF EXISTS claim_refunds;
DROP TABLE IF EXISTS claims;
DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS ledger_entries;
DROP TABLE IF EXISTS payments;
ALTER TABLE shipments DROP CONSTRAINT IF EXISTS shipments_invoice_fk;
DROP TABLE IF EXISTS invoice_lines;
DROP TABLE IF EXISTS invoices;
