DROP TABLE IF EXISTS discount_offers;
DROP TABLE IF EXISTS credit_notes;
DROP TABLE IF EXISTS invoice_approvals;
DROP TABLE IF EXISTS invoices;
