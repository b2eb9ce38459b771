// Package outbox relays rows from the outbox table to the events FIFO queue.
package outbox

import (
	"context"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/ports"
	"github.com/civicfund/grants/internal/repo"
)

// Relay polls the outbox and publishes unsent rows.
type Relay struct {
	DB        db.Beginner
	Outbox    repo.Outbox
	Publisher ports.Publisher
	Interval  time.Duration
	Batch     int
	Log       *slog.Logger
	Now       func() time.Time
}

// Run ticks until ctx is cancelled.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if n, err := r.Tick(ctx); err != nil {
				r.Log.ErrorContext(ctx, "outbox relay tick failed", "err", err)
			} else if n > 0 {
				r.Log.DebugContext(ctx, "outbox relayed", "count", n)
			}
		}
	}
}

// Tick relays one batch. Rows are locked with SKIP LOCKED, published with
// their row id as the SQS deduplication id, and marked sent in the same
// transaction; a crash before commit re-publishes the same ids.
func (r *Relay) Tick(ctx context.Context) (int, error) {
	return db.RunInTx(ctx, r.DB, func(tx *sqlx.Tx) (int, error) {
		outbox := r.Outbox.WithTx(tx)
		rows, err := outbox.LockUnsent(ctx, r.Batch)
		if err != nil {
			return 0, err
		}
		for _, m := range rows {
			if _, err := r.Publisher.Publish(ctx, ports.QueueMessage{
				EventType: m.EventType,
				GroupID:   m.GroupID,
				DedupID:   m.ID,
				Body:      m.Payload,
			}); err != nil {
				return 0, err
			}
			if err := outbox.MarkSent(ctx, m.ID, r.Now().UTC()); err != nil {
				return 0, err
			}
		}
		return len(rows), nil
	})
}
