DROP TABLE IF EXISTS payouts;
DROP TABLE IF EXISTS payout_batches;
DROP TABLE IF EXISTS insurer_callbacks;
DROP TABLE IF EXISTS ledger_entries;
DROP TABLE IF EXISTS claims;
