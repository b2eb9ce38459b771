package outbox

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/segmentio/kafka-go"

	"github.com/kickoffbet/sportsbook/internal/telemetry"
)

// Publisher is the subset of *kafka.Writer the relay uses.
type Publisher interface {
	WriteMessages(ctx context.Context, msgs ...kafka.Message) error
}

// Relay copies unpublished outbox rows to Kafka in id order.
type Relay struct {
	DB        *sqlx.DB
	Publisher Publisher
	BatchSize int
	Interval  time.Duration
	Metrics   *telemetry.Metrics
	Log       *slog.Logger
}

// Run polls until ctx is cancelled.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.Interval)
	defer t.Stop()
	for {
		n, err := r.Once(ctx)
		if err != nil {
			r.Log.Error("outbox relay batch failed", "err", err)
		}
		if n == r.BatchSize {
			continue
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

// Once publishes a single batch and returns how many rows it published.
func (r *Relay) Once(ctx context.Context) (int, error) {
	var batch []Record
	err := r.DB.SelectContext(ctx, &batch, `
SELECT id, event_id, topic, partition_key, event_type, payload, created_at, published_at
  FROM outbox
 WHERE published_at IS NULL
 ORDER BY id
 LIMIT $1`, r.BatchSize)
	if err != nil {
		return 0, fmt.Errorf("outbox: load batch: %w", err)
	}
	if len(batch) == 0 {
		return 0, nil
	}
	msgs := make([]kafka.Message, 0, len(batch))
	ids := make([]int64, 0, len(batch))
	for _, rec := range batch {
		msgs = append(msgs, toMessage(rec))
		ids = append(ids, rec.ID)
	}
	if err := r.Publisher.WriteMessages(ctx, msgs...); err != nil {
		return 0, fmt.Errorf("outbox: publish: %w", err)
	}
	q, args, err := sqlx.In(`UPDATE outbox SET published_at = now() WHERE id IN (?)`, ids)
	if err != nil {
		return 0, err
	}
	if _, err := r.DB.ExecContext(ctx, r.DB.Rebind(q), args...); err != nil {
		return 0, fmt.Errorf("outbox: mark published: %w", err)
	}
	for _, rec := range batch {
		r.Metrics.Events.WithLabelValues(rec.EventType, "published").Inc()
	}
	return len(batch), nil
}

func toMessage(rec Record) kafka.Message {
	return kafka.Message{
		Topic: rec.Topic,
		Key:   []byte(rec.PartitionKey),
		Value: rec.Payload,
		Headers: []kafka.Header{
			{Key: "event-id", Value: []byte(rec.EventID)},
			{Key: "event-type", Value: []byte(rec.EventType)},
			{Key: "occurred-at", Value: []byte(rec.CreatedAt.UTC().Format(time.RFC3339Nano))},
		},
		Time: rec.CreatedAt,
	}
}
