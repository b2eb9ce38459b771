// Package processor runs the event processor: an outbox relay that
// publishes committed domain events, and the watermill router that consumes
// them.
package processor

import (
	"context"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"

	"github.com/kestrelfin/factoring/internal/config"
	"github.com/kestrelfin/factoring/internal/repo"
)

// Relay moves committed outbox rows onto the pub/sub. A row is marked
// published only after the publisher accepted it, so rows can be published
// more than once after a crash.
type Relay struct {
	store     repo.Store
	publisher message.Publisher
	interval  time.Duration
	batch     int
	log       *slog.Logger
}

func NewRelay(store repo.Store, publisher message.Publisher, cfg config.Config, log *slog.Logger) *Relay {
	return &Relay{
		store: store, publisher: publisher, interval: cfg.RelayPollInterval, batch: 100,
		log: log.With("component", "relay"),
	}
}

func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		n, err := r.tick(ctx)
		if err != nil {
			r.log.ErrorContext(ctx, "relay tick failed", "err", err)
		}
		if n == r.batch {
			continue
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

func (r *Relay) tick(ctx context.Context) (int, error) {
	published := 0
	err := r.store.InTx(ctx, func(tx repo.Store) error {
		rows, err := tx.Outbox().ClaimUnpublished(ctx, r.batch)
		if err != nil {
			return err
		}
		for _, row := range rows {
			msg := message.NewMessage(row.ID.String(), []byte(row.Payload))
			msg.Metadata.Set("aggregate_id", row.AggregateID)
			msg.Metadata.Set("occurred_at", row.CreatedAt.Format(time.RFC3339Nano))
			middleware.SetCorrelationID(row.ID.String(), msg)
			if err := r.publisher.Publish(row.Topic, msg); err != nil {
				return err
			}
			if err := tx.Outbox().MarkPublished(ctx, row.ID, time.Now().UTC()); err != nil {
				return err
			}
			published++
		}
		return nil
	})
	return published, err
}
