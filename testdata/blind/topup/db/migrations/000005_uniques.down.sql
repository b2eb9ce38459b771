DROP INDEX IF EXISTS invoices_number_key;
ALTER TABLE invoices DROP CONSTRAINT IF EXISTS invoices_reseller_period_key;
ALTER TABLE wallet_fundings DROP CONSTRAINT IF EXISTS wallet_fundings_wallet_request_key;
ALTER TABLE ledger_entries DROP CONSTRAINT IF EXISTS ledger_entries_wallet_external_ref_key;
ALTER TABLE promo_redemptions DROP CONSTRAINT IF EXISTS promo_redemptions_code_customer_key;
ALTER TABLE topups DROP CONSTRAINT IF EXISTS topups_customer_idempotency_key;
