package store

import (
	"context"

	"github.com/google/uuid"
)

// LoyaltyRepository persists loyalty points earned on delivered orders.
type LoyaltyRepository interface {
	InsertAccrual(ctx context.Context, q Querier, orderID, customerID uuid.UUID, points int) error
	AddPoints(ctx context.Context, q Querier, customerID uuid.UUID, points int) (total int, tier string, err error)
	Balance(ctx context.Context, q Querier, customerID uuid.UUID) (int, string, error)
}

type pgLoyalty struct{}

// NewLoyaltyRepository returns the Postgres loyalty repository.
func NewLoyaltyRepository() *pgLoyalty { return &pgLoyalty{} }

func (r *pgLoyalty) InsertAccrual(ctx context.Context, q Querier, orderID, customerID uuid.UUID, points int) error {
	_, err := q.Exec(ctx, `
		INSERT INTO loyalty_accruals (order_id, customer_id, points)
		VALUES ($1, $2, $3)`, orderID, customerID, points)
	return mapErr(err)
}

func (r *pgLoyalty) AddPoints(ctx context.Context, q Querier, customerID uuid.UUID, points int) (int, string, error) {
	var (
		total int
		tier  string
	)
	err := q.QueryRow(ctx, `
		INSERT INTO loyalty_balances (customer_id, points) VALUES ($1, $2)
		ON CONFLICT (customer_id) DO UPDATE
		SET points = loyalty_balances.points + EXCLUDED.points,
		    tier = CASE
		        WHEN loyalty_balances.points + EXCLUDED.points >= 5000 THEN 'gold'
		        WHEN loyalty_balances.points + EXCLUDED.points >= 1500 THEN 'silver'
		        ELSE 'bronze' END,
		    updated_at = now()
		RETURNING points, tier`, customerID, points).Scan(&total, &tier)
	return total, tier, mapErr(err)
}

func (r *pgLoyalty) Balance(ctx context.Context, q Querier, customerID uuid.UUID) (int, string, error) {
	var (
		total int
		tier  string
	)
	err := q.QueryRow(ctx,
		`SELECT points, tier FROM loyalty_balances WHERE customer_id = $1`, customerID).Scan(&total, &tier)
	if err != nil {
		return 0, "bronze", mapErr(err)
	}
	return total, tier, nil
}
