package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/queries"
)

// OutboxRepo is the transactional outbox for Kafka and webhook events.
type OutboxRepo struct {
	db *sqlx.DB
}

// Envelope is what callers hand to Enqueue.
type Envelope struct {
	EventID      string
	Destination  string
	Topic        string
	MerchantID   string
	PartitionKey string
	Payload      any
}

type outboxRow struct {
	EventID      string `db:"event_id"`
	Destination  string `db:"destination"`
	Topic        string `db:"topic"`
	MerchantID   string `db:"merchant_id"`
	PartitionKey string `db:"partition_key"`
	Payload      []byte `db:"payload"`
}

// Enqueue writes an event in the caller's transaction; an event already
// queued for the same destination is left as is.
func (r *OutboxRepo) Enqueue(ctx context.Context, q db.Queryer, e Envelope) error {
	body, err := json.Marshal(e.Payload)
	if err != nil {
		return err
	}
	_, err = db.NamedExec(ctx, q, queries.EnqueueOutbox, outboxRow{
		EventID:      e.EventID,
		Destination:  e.Destination,
		Topic:        e.Topic,
		MerchantID:   e.MerchantID,
		PartitionKey: e.PartitionKey,
		Payload:      body,
	})
	return err
}

// ClaimBatch locks up to limit due messages inside tx.
func (r *OutboxRepo) ClaimBatch(ctx context.Context, tx *sqlx.Tx, now time.Time, limit int) ([]domain.OutboxMessage, error) {
	return db.Select[domain.OutboxMessage](ctx, tx, queries.ClaimOutboxBatch, now, limit)
}

// MarkSent marks a message delivered.
func (r *OutboxRepo) MarkSent(ctx context.Context, tx *sqlx.Tx, id int64, at time.Time) error {
	_, err := db.Exec(ctx, tx, queries.MarkOutboxSent, id, at)
	return err
}

// MarkRetry schedules another attempt, or dead-letters after maxAttempts.
func (r *OutboxRepo) MarkRetry(ctx context.Context, tx *sqlx.Tx, id int64, next time.Time, reason string, maxAttempts int) error {
	_, err := db.Exec(ctx, tx, queries.MarkOutboxRetry, id, next, reason, maxAttempts)
	return err
}
