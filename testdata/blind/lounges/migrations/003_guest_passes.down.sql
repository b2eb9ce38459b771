DROP TABLE IF EXISTS idempotency_keys;
DROP TABLE IF EXISTS guest_pass_transfers;
DROP TABLE IF EXISTS guest_pass_purchases;
DROP TABLE IF EXISTS guest_pass_grants;
DROP TABLE IF EXISTS guest_admissions;
