package earnings

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/spokechain/courierpay/internal/db"
	"github.com/spokechain/courierpay/internal/platform/postgres"
)

// Repository is the earnings storage API.
type Repository interface {
	InsertDelivery(ctx context.Context, p db.InsertDeliveryEarningParams) (bool, error)
	InsertTip(ctx context.Context, p db.InsertTipParams) error
	InsertAdjustment(ctx context.Context, p db.InsertEarningAdjustmentParams) (db.EarningAdjustment, error)
	InsertBonus(ctx context.Context, p db.InsertBonusEarningParams) (db.BonusEarning, error)
	InsertPoolShares(ctx context.Context, shares []db.InsertTipPoolShareParams) (int, error)
	ListDeliveries(ctx context.Context, p db.ListCourierEarningsParams) ([]db.DeliveryEarning, error)
}

type pgRepository struct {
	q  *db.Queries
	tx postgres.Transactor
}

// NewRepository returns the Postgres repository.
func NewRepository(q *db.Queries, tx postgres.Transactor) Repository {
	return &pgRepository{q: q, tx: tx}
}

// InsertDelivery stores the earnings line for a delivery; it reports false
// when the delivery was already recorded.
func (r *pgRepository) InsertDelivery(ctx context.Context, p db.InsertDeliveryEarningParams) (bool, error) {
	n, err := r.q.InsertDeliveryEarning(ctx, p)
	if err != nil {
		return false, fmt.Errorf("earnings: insert delivery %s: %w", p.DeliveryID, err)
	}
	return n == 1, nil
}

func (r *pgRepository) InsertTip(ctx context.Context, p db.InsertTipParams) error {
	if err := r.q.InsertTip(ctx, p); err != nil {
		return fmt.Errorf("earnings: insert tip for %s: %w", p.DeliveryID, err)
	}
	return nil
}

func (r *pgRepository) InsertAdjustment(ctx context.Context, p db.InsertEarningAdjustmentParams) (db.EarningAdjustment, error) {
	a, err := r.q.InsertEarningAdjustment(ctx, p)
	if err != nil {
		return db.EarningAdjustment{}, fmt.Errorf("earnings: insert adjustment %s: %w", p.AdjustmentRef, err)
	}
	return a, nil
}

func (r *pgRepository) InsertBonus(ctx context.Context, p db.InsertBonusEarningParams) (db.BonusEarning, error) {
	b, err := r.q.InsertBonusEarning(ctx, p)
	if err != nil {
		return db.BonusEarning{}, fmt.Errorf("earnings: insert bonus %s: %w", p.Campaign, err)
	}
	return b, nil
}

// InsertPoolShares writes all shares of one pool in a single transaction and
// returns how many were new.
func (r *pgRepository) InsertPoolShares(ctx context.Context, shares []db.InsertTipPoolShareParams) (int, error) {
	return postgres.InTx(ctx, r.tx, func(q *db.Queries) (int, error) {
		added := 0
		for _, s := range shares {
			n, err := q.InsertTipPoolShare(ctx, s)
			if err != nil {
				return 0, fmt.Errorf("earnings: pool %s share %s: %w", s.PoolID, s.CourierID, err)
			}
			added += int(n)
		}
		return added, nil
	})
}

func (r *pgRepository) ListDeliveries(ctx context.Context, p db.ListCourierEarningsParams) ([]db.DeliveryEarning, error) {
	return r.q.ListCourierEarnings(ctx, p)
}

// idFunc is the ID generator used for earnings rows.
type idFunc func() uuid.UUID
