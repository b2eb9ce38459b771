// Package outbox writes domain events into the outbox table inside the
// caller's transaction and relays them to the message router.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightlane/adbilling/internal/db"
)

// Writer appends events to the outbox. Callers pass a stable event ID; a
// second Add with the same ID is ignored.
type Writer interface {
	Add(ctx context.Context, id, topic string, payload any) error
}

type pgWriter struct {
	pool *pgxpool.Pool
}

// NewWriter returns a Writer that joins the transaction carried by ctx.
func NewWriter(pool *pgxpool.Pool) Writer {
	return &pgWriter{pool: pool}
}

func (w *pgWriter) Add(ctx context.Context, id, topic string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox: marshal %s: %w", topic, err)
	}
	_, err = db.Conn(ctx, w.pool).Exec(ctx,
		`INSERT INTO outbox (id, topic, payload) VALUES ($1, $2, $3)
		 ON CONFLICT (id) DO NOTHING`, id, topic, body)
	if err != nil {
		return fmt.Errorf("outbox: insert %s: %w", topic, err)
	}
	return nil
}
