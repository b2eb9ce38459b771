DROP TABLE IF EXISTS supplier_bank_accounts;
DROP TABLE IF EXISTS suppliers;
DROP TABLE IF EXISTS tenants;
