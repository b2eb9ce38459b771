DROP TABLE IF EXISTS vouchers;
DROP TABLE IF EXISTS wallet_transfers;
DROP TABLE IF EXISTS wallet_fundings;
DROP TABLE IF EXISTS ledger_entries;
DROP TABLE IF EXISTS wallets;
