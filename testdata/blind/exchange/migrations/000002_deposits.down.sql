DROP TABLE IF EXISTS card_topups;
DROP TABLE IF EXISTS crypto_deposits;
DROP TABLE IF EXISTS deposit_addresses;
DROP TABLE IF EXISTS bank_deposits;
DROP TABLE IF EXISTS deposit_references;
