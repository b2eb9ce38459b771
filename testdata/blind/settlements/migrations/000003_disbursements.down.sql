DROP TABLE IF EXISTS lien_payments;
DROP TABLE IF EXISTS holdbacks;
DROP TABLE IF EXISTS payment_status_checks;
DROP TABLE IF EXISTS disbursements;
DROP TABLE IF EXISTS allocations;
