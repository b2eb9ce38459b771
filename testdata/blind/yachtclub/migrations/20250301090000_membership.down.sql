DROP TABLE IF EXISTS idempotency_keys;
--bun:split
DROP TABLE IF EXISTS account_transactions;
DROP TABLE IF EXISTS member_accounts;
--bun:split
DROP TABLE IF EXISTS sponsor_approvals;
DROP TABLE IF EXISTS members;
DROP SEQUENCE IF EXISTS member_number_seq;
DROP TABLE IF EXISTS membership_applications;
