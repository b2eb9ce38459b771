DROP TABLE IF EXISTS idempotency_keys;
DROP TABLE IF EXISTS manual_adjustments;
DROP TABLE IF EXISTS late_fees;
DROP TABLE IF EXISTS credit_notes;
DROP TABLE IF EXISTS invoice_lines;
DROP TABLE IF EXISTS invoices;
DROP TABLE IF EXISTS accounts;
DROP TABLE IF EXISTS tariffs;
