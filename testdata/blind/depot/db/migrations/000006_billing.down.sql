DROP TABLE IF EXISTS payment_attempts;
DROP TABLE IF EXISTS invoices;
DROP TABLE IF EXISTS storage_charges;
DROP TABLE IF EXISTS handling_charges;
