DROP TABLE IF EXISTS job_attempts;
DROP TABLE IF EXISTS idempotency_keys;
DROP TABLE IF EXISTS fuel_advances;
DROP TABLE IF EXISTS driver_payouts;
DROP TABLE IF EXISTS payout_runs;
DROP TABLE IF EXISTS driver_ledger;
