// Package outbox records events in the ledger transaction and relays them to
// the broker afterwards.
package outbox

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/harbourline/hotels/internal/platform/amqpx"
	"github.com/harbourline/hotels/internal/platform/sqldb"
)

// Writer adds events to the outbox.
type Writer interface {
	Add(ctx context.Context, routingKey string, payload any) error
}

type writer struct {
	db    *sql.DB
	newID func() uuid.UUID
}

// NewWriter returns a Writer that must be called inside a unit of work.
func NewWriter(db *sql.DB) Writer { return &writer{db: db, newID: uuid.New} }

func (w *writer) Add(ctx context.Context, routingKey string, payload any) error {
	if _, ok := sqldb.TxFrom(ctx); !ok {
		return fmt.Errorf("outbox: Add outside a transaction (%s)", routingKey)
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = sqldb.Conn(ctx, w.db).ExecContext(ctx,
		`INSERT INTO outbox (id, routing_key, payload) VALUES ($1, $2, $3)`,
		w.newID(), routingKey, body)
	return err
}

// Relay publishes unpublished rows, using the row ID as the AMQP message ID.
type Relay struct {
	db       *sql.DB
	pub      amqpx.Publisher
	log      *slog.Logger
	batch    int
	interval time.Duration
}

// NewRelay returns a Relay.
func NewRelay(db *sql.DB, pub amqpx.Publisher, log *slog.Logger) *Relay {
	return &Relay{db: db, pub: pub, log: log, batch: 100, interval: time.Second}
}

// Run polls until ctx ends.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if err := r.flush(ctx); err != nil {
				r.log.Warn("outbox flush failed", "err", err)
			}
		}
	}
}

func (r *Relay) flush(ctx context.Context) error {
	rows, err := r.db.QueryContext(ctx,
		`SELECT id, routing_key, payload FROM outbox WHERE published_at IS NULL ORDER BY created_at LIMIT $1`, r.batch)
	if err != nil {
		return err
	}
	type item struct {
		id, key string
		body    json.RawMessage
	}
	var items []item
	for rows.Next() {
		var it item
		if err := rows.Scan(&it.id, &it.key, &it.body); err != nil {
			rows.Close()
			return err
		}
		items = append(items, it)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, it := range items {
		if err := r.pub.Publish(ctx, amqpx.Message{ID: it.id, RoutingKey: it.key, Payload: it.body}); err != nil {
			return err
		}
		if _, err := r.db.ExecContext(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, it.id); err != nil {
			return err
		}
	}
	return nil
}
