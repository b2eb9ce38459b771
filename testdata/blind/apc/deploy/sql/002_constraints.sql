-- 002_constraints.sql: uniqueness rules gorm struct tags cannot express
-- (partial indexes, composite keys with predicates) plus lookup indexes.

BEGIN;

ALTER TABLE invoices ADD CONSTRAINT invoices_number_uq UNIQUE (number);

-- One APC invoice per accepted manuscript. Supplementary invoices (colour
-- figures, page overruns) are raised by hand and may repeat.
CREATE UNIQUE INDEX invoices_apc_manuscript_uq
    ON invoices (manuscript_id)
    WHERE kind = 'apc';

CREATE INDEX invoices_open_due_idx ON invoices (due_at) WHERE status = 'open';

CREATE UNIQUE INDEX payments_idempotency_key_uq
    ON payments (idempotency_key)
    WHERE idempotency_key IS NOT NULL;
CREATE UNIQUE INDEX payments_provider_payment_uq
    ON payments (provider_payment_id)
    WHERE provider_payment_id IS NOT NULL;
CREATE INDEX payments_invoice_idx ON payments (invoice_id);

CREATE INDEX payment_attempt_log_invoice_idx ON payment_attempt_log (invoice_id, created_at);

CREATE UNIQUE INDEX refunds_provider_refund_uq
    ON refunds (provider_refund_id)
    WHERE provider_refund_id IS NOT NULL;

CREATE INDEX waivers_invoice_idx ON waivers (invoice_id);

ALTER TABLE agreements ADD CONSTRAINT agreements_external_ref_uq UNIQUE (external_ref);

-- An invoice can be drawn against an agreement once; releases and top-ups
-- are free-form ledger movements.
CREATE UNIQUE INDEX agreement_ledger_drawdown_uq
    ON agreement_ledger (agreement_id, invoice_id)
    WHERE kind = 'drawdown';
CREATE INDEX agreement_ledger_agreement_idx ON agreement_ledger (agreement_id, created_at);

CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;

ALTER TABLE doi_registrations ADD CONSTRAINT doi_registrations_article_uq UNIQUE (article_id);
ALTER TABLE doi_registrations ADD CONSTRAINT doi_registrations_doi_uq UNIQUE (doi);
CREATE INDEX doi_registrations_pending_idx ON doi_registrations (created_at) WHERE status = 'pending';
CREATE INDEX doi_registrations_batch_idx ON doi_registrations (batch_id);

CREATE INDEX audit_events_subject_idx ON audit_events (subject, created_at);

COMMIT;
