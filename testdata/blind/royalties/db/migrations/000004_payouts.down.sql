DROP TABLE IF EXISTS payout_attempts;
DROP TABLE IF EXISTS payouts;
