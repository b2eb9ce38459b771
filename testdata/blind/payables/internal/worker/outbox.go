// Package worker holds long-running background loops.
package worker

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/northwind/payables/internal/notify"
	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/repo"
)

// TopicPublisher sends a message with a stable message ID.
type TopicPublisher interface {
	Publish(ctx context.Context, topic, messageID string, body []byte, meta map[string]string) error
}

// OutboxRelay drains the transactional outbox to the message broker and,
// for tenant-visible topics, to the SNS notification topic. Every message is
// sent with its outbox ID, so re-sending after a crash is deduplicated
// downstream.
type OutboxRelay struct {
	Log       *slog.Logger
	Tx        database.Transactor
	Outbox    repo.OutboxRepo
	Broker    TopicPublisher
	Notifier  notify.Publisher
	Interval  time.Duration
	BatchSize int
	// NotifyTopics are also fanned out to SNS.
	NotifyTopics map[string]bool
}

// Run polls until ctx is cancelled.
func (o *OutboxRelay) Run(ctx context.Context) error {
	t := time.NewTicker(o.Interval)
	defer t.Stop()
	for {
		for {
			n, err := o.drain(ctx)
			if err != nil {
				o.Log.ErrorContext(ctx, "outbox relay", "err", err)
				break
			}
			if n < o.BatchSize {
				break
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

func (o *OutboxRelay) drain(ctx context.Context) (int, error) {
	var n int
	err := o.Tx.InTx(ctx, func(tx *sql.Tx) error {
		outbox := o.Outbox.WithTx(tx)
		msgs, err := outbox.FetchUnpublished(ctx, uint64(o.BatchSize))
		if err != nil {
			return err
		}
		for _, m := range msgs {
			meta := map[string]string{"tenant_id": m.TenantID, "aggregate_id": m.AggregateID}
			if err := o.Broker.Publish(ctx, m.Topic, m.ID, m.Payload, meta); err != nil {
				return err
			}
			if o.NotifyTopics[m.Topic] {
				ev := notify.EventFor(m.ID, m.Topic, m.TenantID, m.AggregateID, json.RawMessage(m.Payload))
				if err := o.Notifier.Publish(ctx, ev); err != nil {
					return err
				}
			}
			if err := outbox.MarkPublished(ctx, m.ID); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}
