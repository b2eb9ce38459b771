-- Constraints backfilled after the dedup cleanup (see OPS-412).
ALTER TABLE topups
    ADD CONSTRAINT topups_customer_idempotency_key UNIQUE (customer_id, idempotency_key);

ALTER TABLE promo_redemptions
    ADD CONSTRAINT promo_redemptions_code_customer_key UNIQUE (promo_code, customer_id);

ALTER TABLE ledger_entries
    ADD CONSTRAINT ledger_entries_wallet_external_ref_key UNIQUE (wallet_id, external_ref);

ALTER TABLE wallet_fundings
    ADD CONSTRAINT wallet_fundings_wallet_request_key UNIQUE (wallet_id, request_id);

ALTER TABLE invoices
    ADD CONSTRAINT invoices_reseller_period_key UNIQUE (reseller_id, period);

CREATE UNIQUE INDEX invoices_number_key ON invoices (number);
