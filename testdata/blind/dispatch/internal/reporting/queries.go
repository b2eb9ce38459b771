// Package reporting holds read-only SQL used by ops dashboards and batch
// jobs.
package reporting

import (
	"context"
	"time"

	"github.com/quaymile/dispatch/internal/platform/database"
)

// Queries runs reporting SQL.
type Queries struct {
	q database.Queryer
}

// NewQueries builds Queries.
func NewQueries(q database.Queryer) *Queries { return &Queries{q: q} }

// OutstandingCOD is cash couriers are holding.
type OutstandingCOD struct {
	CourierID    string    `db:"courier_id" json:"courier_id"`
	HubID        string    `db:"hub_id" json:"hub_id"`
	BalanceCents int64     `db:"balance_cents" json:"balance_cents"`
	UpdatedAt    time.Time `db:"updated_at" json:"updated_at"`
}

// CourierCashOutstanding lists couriers holding more than minCents.
func (r *Queries) CourierCashOutstanding(ctx context.Context, minCents int64) ([]OutstandingCOD, error) {
	var out []OutstandingCOD
	err := r.q.SelectContext(ctx, &out, `
		SELECT b.courier_id, c.hub_id, b.balance_cents, b.updated_at
		FROM courier_cash_balances b JOIN couriers c ON c.id = b.courier_id
		WHERE b.balance_cents >= $1
		ORDER BY b.balance_cents DESC`, minCents)
	return out, err
}

// CourierDay is one courier's performance for a day.
type CourierDay struct {
	CourierID      string `db:"courier_id" json:"courier_id"`
	Delivered      int    `db:"delivered" json:"delivered"`
	FailedAttempts int    `db:"failed_attempts" json:"failed_attempts"`
	Reassigned     int    `db:"reassigned" json:"reassigned"`
}

// CourierPerformance summarises a day per courier.
func (r *Queries) CourierPerformance(ctx context.Context, day time.Time) ([]CourierDay, error) {
	var out []CourierDay
	err := r.q.SelectContext(ctx, &out, `
		SELECT a.courier_id,
		       count(*) FILTER (WHERE a.status = 'completed') AS delivered,
		       (SELECT count(*) FROM delivery_attempts d
		         WHERE d.courier_id = a.courier_id AND d.attempted_at >= $1 AND d.attempted_at < $2) AS failed_attempts,
		       count(*) FILTER (WHERE a.reason NOT IN ('initial')) AS reassigned
		FROM courier_assignments a
		WHERE a.assigned_at >= $1 AND a.assigned_at < $2
		GROUP BY a.courier_id
		ORDER BY delivered DESC`, day, day.Add(24*time.Hour))
	return out, err
}

// UnsettledMerchants lists merchants with collected, unsettled cash before
// the end of periodDate.
func (r *Queries) UnsettledMerchants(ctx context.Context, periodDate time.Time) ([]string, error) {
	var ids []string
	err := r.q.SelectContext(ctx, &ids, `
		SELECT DISTINCT merchant_id FROM cod_collections
		WHERE settlement_id IS NULL AND status = 'collected' AND collected_at < $1
		ORDER BY merchant_id`, periodDate.Add(24*time.Hour))
	return ids, err
}
