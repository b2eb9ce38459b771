package natsbus

import (
	"context"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/platform/txn"
)

// OutboxRelay copies committed outbox rows to JetStream. The outbox id is
// the Nats-Msg-Id, so a row re-published after a crash is dropped by the
// stream's duplicate window.
type OutboxRelay struct {
	db       *sqlx.DB
	outbox   billing.OutboxRepository
	pub      *Publisher
	interval time.Duration
	log      *slog.Logger
}

func NewOutboxRelay(db *sqlx.DB, outbox billing.OutboxRepository, pub *Publisher, log *slog.Logger) *OutboxRelay {
	return &OutboxRelay{db: db, outbox: outbox, pub: pub, interval: time.Second, log: log.With("component", "outbox_relay")}
}

func (r *OutboxRelay) Run(ctx context.Context) error {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if n, err := r.flush(ctx); err != nil {
				r.log.ErrorContext(ctx, "relay flush failed", "err", err)
			} else if n > 0 {
				r.log.DebugContext(ctx, "relayed outbox messages", "count", n)
			}
		}
	}
}

func (r *OutboxRelay) flush(ctx context.Context) (int, error) {
	return txn.Run(ctx, r.db, func(tx *sqlx.Tx) (int, error) {
		ob := r.outbox.WithTx(tx)
		msgs, err := ob.ClaimBatch(ctx, 100)
		if err != nil {
			return 0, err
		}
		done := make([]string, 0, len(msgs))
		for _, m := range msgs {
			if err := r.pub.PublishRaw(ctx, m.Subject, m.ID, m.Payload); err != nil {
				r.log.WarnContext(ctx, "publish failed", "id", m.ID, "err", err)
				break
			}
			done = append(done, m.ID)
		}
		return len(done), ob.MarkPublished(ctx, done, time.Now().UTC())
	})
}
