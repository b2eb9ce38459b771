DROP TABLE IF EXISTS driver_ledger;
DROP TABLE IF EXISTS payout_attempts;
DROP TABLE IF EXISTS reimbursement_payouts;
DROP TABLE IF EXISTS reimbursement_claims;
DROP TABLE IF EXISTS driver_bank_accounts;
