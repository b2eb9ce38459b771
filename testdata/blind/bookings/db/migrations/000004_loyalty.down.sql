DROP TABLE IF EXISTS loyalty_tiers;
DROP TABLE IF EXISTS loyalty_redemptions;
DROP TABLE IF EXISTS loyalty_ledger;
DROP TABLE IF EXISTS loyalty_accounts;
