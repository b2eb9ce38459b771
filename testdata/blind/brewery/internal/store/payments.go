package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/ironkettle/taproute/internal/domain"
)

// PaymentRepo persists ACH debits, provider webhook receipts and the provider
// call log.
type PaymentRepo struct{}

// NewPaymentRepo constructs a PaymentRepo.
func NewPaymentRepo() *PaymentRepo { return &PaymentRepo{} }

// InsertIfAbsent creates a pending payment unless one already exists for
// (invoice, idempotency key), and returns the stored row either way.
func (r *PaymentRepo) InsertIfAbsent(ctx context.Context, q Querier, p domain.Payment) (domain.Payment, bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO payments (id, invoice_id, account_id, amount_cents, source, idempotency_key)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT ON CONSTRAINT payments_invoice_key_uniq DO NOTHING`,
		p.ID, p.InvoiceID, p.AccountID, p.AmountCents, p.Source, p.IdempotencyKey)
	if err != nil {
		return domain.Payment{}, false, fmt.Errorf("insert payment: %w", err)
	}
	stored, err := r.GetByKey(ctx, q, p.InvoiceID, p.IdempotencyKey)
	return stored, tag.RowsAffected() == 1, err
}

const paymentColumns = `id, invoice_id, account_id, amount_cents, source, idempotency_key, status,
	COALESCE(provider_payment_id, ''), COALESCE(return_code, '')`

func scanPayment(row interface{ Scan(...any) error }) (domain.Payment, error) {
	var p domain.Payment
	err := row.Scan(&p.ID, &p.InvoiceID, &p.AccountID, &p.AmountCents, &p.Source, &p.IdempotencyKey,
		&p.Status, &p.ProviderPaymentID, &p.ReturnCode)
	return p, notFound(err)
}

// GetByKey loads a payment by (invoice, idempotency key).
func (r *PaymentRepo) GetByKey(ctx context.Context, q Querier, invoiceID uuid.UUID, key string) (domain.Payment, error) {
	return scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments
		WHERE invoice_id = $1 AND idempotency_key = $2`, invoiceID, key))
}

// GetByProviderID loads a payment by the provider's payment id.
func (r *PaymentRepo) GetByProviderID(ctx context.Context, q Querier, providerID string) (domain.Payment, error) {
	return scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments
		WHERE provider_payment_id = $1 FOR UPDATE`, providerID))
}

// MarkSubmitted records the provider id of an accepted debit.
func (r *PaymentRepo) MarkSubmitted(ctx context.Context, q Querier, id uuid.UUID, providerID string, at time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE payments SET status = 'submitted', provider_payment_id = $2, submitted_at = $3
		 WHERE id = $1 AND status = 'pending'`, id, providerID, at)
	return err
}

// MarkFailed records a debit the provider refused outright.
func (r *PaymentRepo) MarkFailed(ctx context.Context, q Querier, id uuid.UUID, reason string) error {
	_, err := q.Exec(ctx, `UPDATE payments SET status = 'failed', return_code = $2 WHERE id = $1 AND status = 'pending'`, id, reason)
	return err
}

// MarkSettled records settlement of a submitted debit.
func (r *PaymentRepo) MarkSettled(ctx context.Context, q Querier, id uuid.UUID, at time.Time) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE payments SET status = 'settled', settled_at = $2
		 WHERE id = $1 AND status = 'submitted'`, id, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// MarkReturned records an ACH return (R01 insufficient funds, etc.).
func (r *PaymentRepo) MarkReturned(ctx context.Context, q Querier, id uuid.UUID, code string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE payments SET status = 'returned', return_code = $2
		 WHERE id = $1 AND status IN ('submitted', 'settled')`, id, code)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// RecordWebhookEvent stores a provider webhook event id. It reports false if
// the id was seen before.
func (r *PaymentRepo) RecordWebhookEvent(ctx context.Context, q Querier, eventID, eventType string) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO ach_webhook_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, fmt.Errorf("record webhook event: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// CallLogEntry is one outbound provider call, successful or not.
type CallLogEntry struct {
	ID        uuid.UUID
	Provider  string
	Operation string
	RefID     string
	Outcome   string
	Detail    string
}

// AppendCallLog appends to the provider call log. The log is diagnostic and
// intentionally records every attempt.
func (r *PaymentRepo) AppendCallLog(ctx context.Context, q Querier, e CallLogEntry) error {
	_, err := q.Exec(ctx, `
		INSERT INTO provider_call_log (id, provider, operation, ref_id, outcome, detail)
		VALUES ($1, $2, $3, $4, $5, $6)`, e.ID, e.Provider, e.Operation, e.RefID, e.Outcome, e.Detail)
	return err
}
