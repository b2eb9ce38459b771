package jobs

import (
	"context"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/riverqueue/river"

	"github.com/harbourline/marina/internal/jobs/queue"
	"github.com/harbourline/marina/internal/storage"
)

// OutboxRelayWorker publishes committed outbox events to the broker in
// creation order.
type OutboxRelayWorker struct {
	river.WorkerDefaults[queue.OutboxRelayArgs]
	Store     storage.Store
	Publisher message.Publisher
}

func (w *OutboxRelayWorker) Work(ctx context.Context, job *river.Job[queue.OutboxRelayArgs]) error {
	return w.Store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		rows, err := tx.Outbox.ClaimBatch(ctx, 200)
		if err != nil || len(rows) == 0 {
			return err
		}
		ids := make([]string, 0, len(rows))
		for _, row := range rows {
			msg := message.NewMessage(row.ID, row.Payload)
			msg.Metadata.Set("topic", row.Topic)
			if err := w.Publisher.Publish(row.Topic, msg); err != nil {
				if len(ids) > 0 {
					if merr := tx.Outbox.MarkPublished(ctx, ids); merr != nil {
						return merr
					}
					return nil
				}
				return fmt.Errorf("publish %s: %w", row.ID, err)
			}
			ids = append(ids, row.ID)
		}
		return tx.Outbox.MarkPublished(ctx, ids)
	})
}
