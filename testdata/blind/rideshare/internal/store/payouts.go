package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
)

// PayoutRepo exposes payout-line bookkeeping used by the payout workflow and
// the reconciliation job.
type PayoutRepo interface {
	GetLine(ctx context.Context, id uuid.UUID) (db.PayoutLine, error)
	ListLines(ctx context.Context, batchID uuid.UUID) ([]db.PayoutLine, error)
	MarkLineSubmitted(ctx context.Context, id uuid.UUID, reference, providerID string) error
	MarkLineSettled(ctx context.Context, id uuid.UUID) error
	ListStaleSubmitted(ctx context.Context, before time.Time, limit int32) ([]db.PayoutLine, error)
	CloseBatch(ctx context.Context, id uuid.UUID) (bool, error)
	RecordAttempt(ctx context.Context, a db.InsertPayoutAttemptParams) error
	CountAttempts(ctx context.Context, reference string) (int32, error)
}

type payoutRepo struct {
	q *db.Queries
}

// NewPayoutRepo returns a PayoutRepo over the pool.
func NewPayoutRepo(sqldb *sql.DB) PayoutRepo {
	return &payoutRepo{q: db.New(sqldb)}
}

func (r *payoutRepo) GetLine(ctx context.Context, id uuid.UUID) (db.PayoutLine, error) {
	return r.q.GetPayoutLine(ctx, id)
}

func (r *payoutRepo) ListLines(ctx context.Context, batchID uuid.UUID) ([]db.PayoutLine, error) {
	return r.q.ListPayoutLines(ctx, batchID)
}

func (r *payoutRepo) MarkLineSubmitted(ctx context.Context, id uuid.UUID, reference, providerID string) error {
	return r.q.MarkPayoutLineSubmitted(ctx, db.MarkPayoutLineSubmittedParams{
		ID:                id,
		PaymentReference:  sql.NullString{String: reference, Valid: true},
		ProviderPaymentID: sql.NullString{String: providerID, Valid: providerID != ""},
	})
}

func (r *payoutRepo) MarkLineSettled(ctx context.Context, id uuid.UUID) error {
	return r.q.MarkPayoutLineSettled(ctx, id)
}

func (r *payoutRepo) ListStaleSubmitted(ctx context.Context, before time.Time, limit int32) ([]db.PayoutLine, error) {
	return r.q.ListStaleSubmittedLines(ctx, db.ListStaleSubmittedLinesParams{Before: before, Limit: limit})
}

func (r *payoutRepo) CloseBatch(ctx context.Context, id uuid.UUID) (bool, error) {
	n, err := r.q.ClosePayoutBatch(ctx, id)
	return n == 1, err
}

func (r *payoutRepo) RecordAttempt(ctx context.Context, a db.InsertPayoutAttemptParams) error {
	return r.q.InsertPayoutAttempt(ctx, a)
}

func (r *payoutRepo) CountAttempts(ctx context.Context, reference string) (int32, error) {
	return r.q.CountPayoutAttempts(ctx, reference)
}
