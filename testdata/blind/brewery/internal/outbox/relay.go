// Package outbox relays rows staged in the outbox table to JetStream.
package outbox

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/ironkettle/taproute/internal/config"
	"github.com/ironkettle/taproute/internal/store"
)

// Relay publishes outbox rows in creation order. Each row's id is sent as
// the Nats-Msg-Id, so a row re-published after a crash between publish and
// commit is dropped by the stream's duplicate window.
type Relay struct {
	tx       store.TxRunner
	repo     *store.OutboxRepo
	js       jetstream.JetStream
	interval time.Duration
	batch    int
	now      func() time.Time
	log      *slog.Logger
}

// NewRelay constructs a Relay.
func NewRelay(cfg config.Config, tx store.TxRunner, repo *store.OutboxRepo, js jetstream.JetStream) *Relay {
	return &Relay{
		tx: tx, repo: repo, js: js, interval: cfg.OutboxPollInterval, batch: 100,
		now: time.Now, log: slog.Default().With("component", "outbox"),
	}
}

// Run polls until ctx is cancelled.
func (r *Relay) Run(ctx context.Context) {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		for {
			n, err := r.flush(ctx)
			if err != nil {
				if ctx.Err() == nil {
					r.log.Error("outbox flush", "err", err)
				}
				break
			}
			if n < r.batch {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (r *Relay) flush(ctx context.Context) (int, error) {
	n := 0
	err := r.tx.InTx(ctx, func(tx pgx.Tx) error {
		msgs, err := r.repo.ClaimBatch(ctx, tx, r.batch)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if _, err := r.js.Publish(ctx, m.Subject, m.Payload, jetstream.WithMsgID(m.ID)); err != nil {
				return err
			}
			if err := r.repo.MarkPublished(ctx, tx, m.ID, r.now()); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}
