// Package outbox relays committed outbox rows to SNS.
package outbox

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/circuitback/buyback/internal/messaging"
	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/database"
)

type store interface {
	ClaimBatch(ctx context.Context, limit int) ([]model.OutboxMessage, error)
	MarkPublished(ctx context.Context, id uuid.UUID, at time.Time) error
	MarkFailed(ctx context.Context, id uuid.UUID, cause string) error
}

type publisher interface {
	Publish(ctx context.Context, topic string, env messaging.Envelope, groupID, dedupID string) (string, error)
}

// Relay polls the outbox and publishes pending rows in creation order.
type Relay struct {
	tx        database.Transactor
	store     store
	publisher publisher
	interval  time.Duration
	batch     int
}

func NewRelay(tx database.Transactor, s store, p publisher, interval time.Duration) *Relay {
	return &Relay{tx: tx, store: s, publisher: p, interval: interval, batch: 50}
}

// Run relays until ctx is cancelled.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		if n, err := r.Tick(ctx); err != nil {
			slog.ErrorContext(ctx, "outbox relay", "err", err)
		} else if n == r.batch {
			continue // backlog: go again without waiting
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

// Tick publishes one batch. Rows are locked for the batch so concurrent
// relays skip them. The row id is the SNS de-duplication id, so a row
// published again after a failed commit is dropped by the FIFO topic.
func (r *Relay) Tick(ctx context.Context) (int, error) {
	var published int
	err := r.tx.WithinTx(ctx, func(ctx context.Context) error {
		rows, err := r.store.ClaimBatch(ctx, r.batch)
		if err != nil {
			return err
		}
		for _, row := range rows {
			var env messaging.Envelope
			if err := json.Unmarshal(row.Payload, &env); err != nil {
				slog.ErrorContext(ctx, "outbox: bad envelope", "id", row.ID, "err", err)
				if err := r.store.MarkFailed(ctx, row.ID, err.Error()); err != nil {
					return err
				}
				continue
			}
			if _, err := r.publisher.Publish(ctx, row.Topic, env, row.GroupID, row.ID.String()); err != nil {
				slog.WarnContext(ctx, "outbox: publish failed", "id", row.ID, "type", row.MessageType, "err", err)
				if err := r.store.MarkFailed(ctx, row.ID, err.Error()); err != nil {
					return err
				}
				continue
			}
			if err := r.store.MarkPublished(ctx, row.ID, time.Now().UTC()); err != nil {
				return err
			}
			published++
		}
		return nil
	})
	return published, err
}
