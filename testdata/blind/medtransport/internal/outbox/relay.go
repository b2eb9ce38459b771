// Package outbox relays events written to the outbox table onto JetStream.
package outbox

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/models"
)

type Store interface {
	ClaimBatch(ctx context.Context, limit int) ([]models.OutboxMessage, error)
	MarkPublished(ctx context.Context, ids []uuid.UUID, at time.Time) error
}

type Publisher interface {
	PublishRaw(ctx context.Context, subject, msgID string, data []byte) error
}

type TxRunner interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Relay struct {
	tx        TxRunner
	store     Store
	pub       Publisher
	log       *slog.Logger
	batchSize int
	interval  time.Duration
}

func NewRelay(tx TxRunner, store Store, pub Publisher, log *slog.Logger) *Relay {
	return &Relay{tx: tx, store: store, pub: pub, log: log, batchSize: 100, interval: 500 * time.Millisecond}
}

// Run polls the outbox until ctx is done.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		for {
			n, err := r.flush(ctx)
			if err != nil {
				r.log.Warn("outbox flush", "err", err)
				break
			}
			if n < r.batchSize {
				break
			}
		}
	}
}

// flush publishes one batch. Rows are locked for the duration, and each
// row's id is its Nats-Msg-Id, so a batch that is published but not marked
// (crash, rollback) is dropped by the stream's duplicate window when the
// next flush sends it again.
func (r *Relay) flush(ctx context.Context) (int, error) {
	var n int
	err := r.tx.WithinTx(ctx, func(ctx context.Context) error {
		rows, err := r.store.ClaimBatch(ctx, r.batchSize)
		if err != nil {
			return err
		}
		n = len(rows)
		done := make([]uuid.UUID, 0, len(rows))
		for _, m := range rows {
			if err := r.pub.PublishRaw(ctx, m.Subject, m.ID.String(), m.Payload); err != nil {
				r.log.Warn("outbox publish", "id", m.ID, "subject", m.Subject, "err", err)
				break
			}
			done = append(done, m.ID)
		}
		return r.store.MarkPublished(ctx, done, time.Now().UTC())
	})
	return n, err
}
