package training

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/google/uuid"

	"github.com/pulsefit/memberships/internal/apperr"
	"github.com/pulsefit/memberships/internal/db"
	"github.com/pulsefit/memberships/internal/txn"
)

// Ledger owns the session balance of packs and the trainer earnings that
// completed sessions produce. Each method is its own unit of work.
type Ledger struct {
	pool *pgxpool.Pool
	tx   txn.Runner
}

func NewLedger(pool *pgxpool.Pool, tx txn.Runner) *Ledger {
	return &Ledger{pool: pool, tx: tx}
}

// ConsumeSession takes one session off a pack and returns what is left.
func (l *Ledger) ConsumeSession(ctx context.Context, packID uuid.UUID) (int32, error) {
	var remaining int32
	err := l.tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		remaining, err = txn.Queries(ctx, l.pool).DebitPtPack(ctx, db.DebitPtPackParams{ID: packID, Sessions: 1})
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.Conflict("pack has no sessions left")
		}
		return err
	})
	return remaining, err
}

// RecordEarning books the trainer's fee for a session and marks it settled.
func (l *Ledger) RecordEarning(ctx context.Context, b db.PtBooking, amountCents int64, period string) error {
	return l.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, l.pool)
		if _, err := q.InsertTrainerEarning(ctx, db.InsertTrainerEarningParams{
			BookingID:   b.ID,
			TrainerID:   b.TrainerID,
			Period:      period,
			AmountCents: amountCents,
		}); err != nil {
			return err
		}
		_, err := q.SetPtBookingStatus(ctx, db.SetPtBookingStatusParams{ID: b.ID, FromStatus: "attended", ToStatus: "settled"})
		return err
	})
}
