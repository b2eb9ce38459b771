// Package outbox stores domain events in the same transaction as the state
// change that produced them; Relay later publishes them to watermill.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/ids"
)

// Record is one pending or published event.
type Record struct {
	ID          string          `db:"id"`
	Topic       string          `db:"topic"`
	Key         string          `db:"event_key"`
	Payload     json.RawMessage `db:"payload"`
	CreatedAt   time.Time       `db:"created_at"`
	PublishedAt *time.Time      `db:"published_at"`
}

// Enqueue appends an event to the outbox using q, which should be the
// transaction that performs the state change.
func Enqueue(ctx context.Context, q database.Queryer, topic, key string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s payload: %w", topic, err)
	}
	_, err = q.ExecContext(ctx,
		`INSERT INTO outbox (id, topic, event_key, payload, created_at) VALUES ($1, $2, $3, $4, now())`,
		ids.New(), topic, key, body)
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", topic, err)
	}
	return nil
}

// Writer adapts Enqueue to the small interface feature services declare.
type Writer struct{}

// Enqueue implements the services' EventWriter interfaces.
func (Writer) Enqueue(ctx context.Context, q database.Queryer, topic, key string, payload any) error {
	return Enqueue(ctx, q, topic, key, payload)
}

// Relay polls the outbox and publishes unpublished events in creation order.
type Relay struct {
	db        *sqlx.DB
	publisher message.Publisher
	batch     int
	interval  time.Duration
	log       *slog.Logger
}

// NewRelay builds a relay.
func NewRelay(db *sqlx.DB, pub message.Publisher, batch int, interval time.Duration, log *slog.Logger) *Relay {
	return &Relay{db: db, publisher: pub, batch: batch, interval: interval, log: log}
}

// Run publishes until ctx is cancelled.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		n, err := r.flush(ctx)
		if err != nil {
			r.log.Error("outbox flush failed", "err", err)
		}
		if n == r.batch {
			continue
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

func (r *Relay) flush(ctx context.Context) (int, error) {
	tx, err := r.db.BeginTxx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer func() { _ = tx.Rollback() }()

	var recs []Record
	err = tx.SelectContext(ctx, &recs, `
		SELECT id, topic, event_key, payload, created_at, published_at
		FROM outbox
		WHERE published_at IS NULL
		ORDER BY created_at
		LIMIT $1
		FOR UPDATE SKIP LOCKED`, r.batch)
	if err != nil {
		return 0, fmt.Errorf("select outbox: %w", err)
	}
	for _, rec := range recs {
		msg := message.NewMessage(rec.ID, message.Payload(rec.Payload))
		msg.Metadata.Set("event_key", rec.Key)
		msg.Metadata.Set("created_at", rec.CreatedAt.UTC().Format(time.RFC3339Nano))
		if err := r.publisher.Publish(rec.Topic, msg); err != nil {
			return 0, fmt.Errorf("publish %s/%s: %w", rec.Topic, rec.ID, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, rec.ID); err != nil {
			return 0, err
		}
	}
	return len(recs), tx.Commit()
}
