DROP TABLE IF EXISTS care_payments;
DROP TABLE IF EXISTS care_invoices;
DROP TABLE IF EXISTS care_accounts;
