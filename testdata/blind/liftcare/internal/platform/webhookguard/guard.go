// Package webhookguard remembers which partner webhook deliveries we have
// already handled, so a redelivered webhook can be acknowledged without
// doing the work twice.
package webhookguard

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Guard is backed by the webhook_deliveries table.
type Guard struct {
	pool   *pgxpool.Pool
	source string
}

// New returns a guard for one webhook source ("supplier", "city", ...).
func New(pool *pgxpool.Pool, source string) *Guard {
	return &Guard{pool: pool, source: source}
}

// Seen reports whether deliveryID has been handled before.
func (g *Guard) Seen(ctx context.Context, deliveryID string) (bool, error) {
	var one int
	err := g.pool.QueryRow(ctx,
		`SELECT 1 FROM webhook_deliveries WHERE source = $1 AND delivery_id = $2`,
		g.source, deliveryID).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("webhookguard: lookup: %w", err)
	}
	return true, nil
}

// Remember records deliveryID as handled.
func (g *Guard) Remember(ctx context.Context, deliveryID string) error {
	_, err := g.pool.Exec(ctx,
		`INSERT INTO webhook_deliveries (source, delivery_id) VALUES ($1, $2)
		 ON CONFLICT (source, delivery_id) DO NOTHING`,
		g.source, deliveryID)
	if err != nil {
		return fmt.Errorf("webhookguard: remember: %w", err)
	}
	return nil
}
