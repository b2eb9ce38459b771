package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
)

// BalanceRepo adjusts the materialised driver balances outside of a ledger
// posting (used by settlement, where the ledger row is written separately).
type BalanceRepo interface {
	Debit(ctx context.Context, driverID uuid.UUID, amountCents int64) error
	Get(ctx context.Context, driverID uuid.UUID) (db.DriverBalance, error)
}

type balanceRepo struct {
	q *db.Queries
}

// NewBalanceRepo returns a BalanceRepo over the pool.
func NewBalanceRepo(sqldb *sql.DB) BalanceRepo {
	return &balanceRepo{q: db.New(sqldb)}
}

func (r *balanceRepo) Debit(ctx context.Context, driverID uuid.UUID, amountCents int64) error {
	if err := r.q.DebitBalance(ctx, db.DebitBalanceParams{DriverID: driverID, AmountCents: amountCents}); err != nil {
		return fmt.Errorf("debit balance for %s: %w", driverID, err)
	}
	return nil
}

func (r *balanceRepo) Get(ctx context.Context, driverID uuid.UUID) (db.DriverBalance, error) {
	return r.q.GetDriverBalance(ctx, driverID)
}
