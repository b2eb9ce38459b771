package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
)

type FuelRepo struct{}

// InsertPurchaseIfAbsent records a fuel-dock ticket. Tickets are numbered by
// the dock POS, so a resubmitted ticket is a no-op.
func (FuelRepo) InsertPurchaseIfAbsent(ctx context.Context, db bun.IDB, p *domain.FuelPurchase) (bool, error) {
	res, err := db.NewInsert().Model(p).
		On("CONFLICT (ticket_number) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (FuelRepo) GetByTicket(ctx context.Context, db bun.IDB, ticket string) (*domain.FuelPurchase, error) {
	return selectOne[domain.FuelPurchase](ctx, db, "fuel purchase", "ticket_number = ?", ticket)
}

func (FuelRepo) MarkCharged(ctx context.Context, db bun.IDB, id, paymentIntentID string) error {
	_, err := db.NewUpdate().Model((*domain.FuelPurchase)(nil)).
		Set("status = 'charged'").
		Set("payment_intent_id = ?", paymentIntentID).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (FuelRepo) MarkFailed(ctx context.Context, db bun.IDB, id, reason string) error {
	_, err := db.NewUpdate().Model((*domain.FuelPurchase)(nil)).
		Set("status = 'failed'").
		Set("failure_reason = ?", reason).
		Where("id = ?", id).
		Where("status = 'pending'").
		Exec(ctx)
	return err
}

// RecordDispense stores a self-service pump dispense.
func (FuelRepo) RecordDispense(ctx context.Context, db bun.IDB, d *domain.FuelDispense) error {
	if d.ID == "" {
		d.ID = uuid.NewString()
	}
	_, err := db.NewInsert().Model(d).Exec(ctx)
	return err
}
