DROP TABLE IF EXISTS disbursement_attempts;
DROP TABLE IF EXISTS disbursements;
