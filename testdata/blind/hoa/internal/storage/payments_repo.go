package storage

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/larchway/hoaops/internal/payments"
	"github.com/larchway/hoaops/internal/violations"
)

// PaymentRepo persists payments and collection attempts.
type PaymentRepo struct{ db *sqlx.DB }

// NewPaymentRepo builds a PaymentRepo.
func NewPaymentRepo(db *sqlx.DB) *PaymentRepo { return &PaymentRepo{db: db} }

// InsertOrGet stores the payment, or returns the one already recorded for
// its provider reference.
func (r *PaymentRepo) InsertOrGet(ctx context.Context, p payments.Payment) (payments.Payment, error) {
	var out payments.Payment
	err := conn(ctx, r.db).GetContext(ctx, &out, qPaymentInsertOrGet,
		p.ID, p.AccountID, p.InvoiceID, p.Method, p.Source, p.AmountCents, p.ProviderRef, p.Status)
	return out, translate(err, "insert payment")
}

// MarkSettled marks the payment for a provider reference succeeded.
func (r *PaymentRepo) MarkSettled(ctx context.Context, providerRef string) (payments.Payment, error) {
	var out payments.Payment
	err := conn(ctx, r.db).GetContext(ctx, &out, qPaymentMarkSettled, providerRef)
	return out, translate(err, "payment "+providerRef)
}

// MarkFailed marks the payment for a provider reference failed.
func (r *PaymentRepo) MarkFailed(ctx context.Context, providerRef, code string) (payments.Payment, error) {
	var out payments.Payment
	err := conn(ctx, r.db).GetContext(ctx, &out, qPaymentMarkFailed, providerRef, code)
	return out, translate(err, "payment "+providerRef)
}

// InsertAttempt appends a collection attempt.
func (r *PaymentRepo) InsertAttempt(ctx context.Context, a payments.Attempt) error {
	_, err := sqlx.NamedExecContext(ctx, conn(ctx, r.db), qPaymentAttemptInsert, a)
	return translate(err, "insert payment attempt")
}

// WebhookEventRepo stores raw Paylane webhook deliveries.
type WebhookEventRepo struct{ db *sqlx.DB }

// NewWebhookEventRepo builds a WebhookEventRepo.
func NewWebhookEventRepo(db *sqlx.DB) *WebhookEventRepo { return &WebhookEventRepo{db: db} }

// Insert stores one delivery.
func (r *WebhookEventRepo) Insert(ctx context.Context, ev payments.WebhookEvent) error {
	_, err := conn(ctx, r.db).ExecContext(ctx, qWebhookEventInsert, ev.ID, ev.Type, []byte(ev.Payload))
	return translate(err, "insert webhook event")
}

// ViolationRepo persists violations.
type ViolationRepo struct{ db *sqlx.DB }

// NewViolationRepo builds a ViolationRepo.
func NewViolationRepo(db *sqlx.DB) *ViolationRepo { return &ViolationRepo{db: db} }

// Get loads one violation.
func (r *ViolationRepo) Get(ctx context.Context, id uuid.UUID) (violations.Violation, error) {
	var v violations.Violation
	err := conn(ctx, r.db).GetContext(ctx, &v, qViolationGet, id)
	return v, translate(err, "violation "+id.String())
}

// MarkFined moves an open or noticed violation to fined.
func (r *ViolationRepo) MarkFined(ctx context.Context, id uuid.UUID, amountCents int64, actor string) (bool, error) {
	return rowsAffected(conn(ctx, r.db).ExecContext(ctx, qViolationMarkFined, id, amountCents, actor))
}

// FineDue loads what fine autopay needs.
func (r *ViolationRepo) FineDue(ctx context.Context, id uuid.UUID) (payments.FineDue, error) {
	var f payments.FineDue
	err := conn(ctx, r.db).GetContext(ctx, &f, qViolationFineDue, id)
	return f, translate(err, "violation "+id.String())
}
