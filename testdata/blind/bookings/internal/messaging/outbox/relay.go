// Package outbox publishes committed outbox rows to Kafka.
package outbox

import (
	"context"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/messaging/kafkarun"
	"github.com/meridianrail/bookings/internal/platform/database"
)

// Store is the outbox table.
type Store interface {
	ClaimBatch(ctx context.Context, limit int) ([]domain.OutboxEvent, error)
	MarkPublished(ctx context.Context, ids []string) error
}

// Publisher writes messages to Kafka.
type Publisher interface {
	WriteMessages(ctx context.Context, msgs ...kafka.Message) error
}

// Relay moves outbox rows to Kafka. Each row's id travels as the
// message-id header, which consumers use for deduplication.
type Relay struct {
	Tx        database.TxManager
	Store     Store
	Publisher Publisher
	Interval  time.Duration
	BatchSize int
	Log       *slog.Logger
}

// Run polls until ctx is cancelled.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if err := r.publishBatch(ctx); err != nil {
				r.Log.ErrorContext(ctx, "outbox relay", "err", err)
			}
		}
	}
}

func (r *Relay) publishBatch(ctx context.Context) error {
	return r.Tx.InTx(ctx, func(ctx context.Context) error {
		events, err := r.Store.ClaimBatch(ctx, r.BatchSize)
		if err != nil || len(events) == 0 {
			return err
		}
		msgs := make([]kafka.Message, 0, len(events))
		ids := make([]string, 0, len(events))
		for _, e := range events {
			msgs = append(msgs, kafka.Message{
				Topic:   e.Topic,
				Key:     []byte(e.MsgKey),
				Value:   e.Payload,
				Headers: []kafka.Header{{Key: kafkarun.HeaderMessageID, Value: []byte(e.ID)}},
			})
			ids = append(ids, e.ID)
		}
		if err := r.Publisher.WriteMessages(ctx, msgs...); err != nil {
			return err
		}
		return r.Store.MarkPublished(ctx, ids)
	})
}
