package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/ironbridge-metals/yardops/internal/queue"
	"github.com/ironbridge-metals/yardops/internal/store"
)

// OutboxRelay moves committed outbox rows onto SQS. Each row is sent with
// its own id as the envelope id, so a row that is sent twice (publish
// succeeded, mark failed) reaches consumers as the same message.
type OutboxRelay struct {
	store     store.Store
	publisher Publisher
	batch     int32
	logger    *slog.Logger
}

func NewOutboxRelay(st store.Store, pub Publisher, batch int32, logger *slog.Logger) *OutboxRelay {
	if batch <= 0 {
		batch = 100
	}
	return &OutboxRelay{store: st, publisher: pub, batch: batch, logger: logger}
}

// RunOnce publishes one batch and reports how many rows it sent.
func (r *OutboxRelay) RunOnce(ctx context.Context) (int, error) {
	sent := 0
	err := r.store.ExecTx(ctx, func(q store.Querier) error {
		rows, err := q.ListUnpublishedOutbox(ctx, r.batch)
		if err != nil {
			return fmt.Errorf("list outbox: %w", err)
		}
		for _, row := range rows {
			env := queue.Envelope{
				ID:         row.ID,
				Type:       row.EventType,
				OccurredAt: row.CreatedAt,
				Payload:    row.Payload,
			}
			if err := r.publisher.Publish(ctx, row.Topic, env); err != nil {
				r.logger.WarnContext(ctx, "outbox publish failed", "id", row.ID, "type", row.EventType, "err", err)
				return nil
			}
			if err := q.MarkOutboxPublished(ctx, row.ID); err != nil {
				return fmt.Errorf("mark published %s: %w", row.ID, err)
			}
			sent++
		}
		return nil
	})
	return sent, err
}

// Drain runs batches until the outbox is empty or ctx ends.
func (r *OutboxRelay) Drain(ctx context.Context) error {
	for ctx.Err() == nil {
		n, err := r.RunOnce(ctx)
		if err != nil {
			return err
		}
		if n < int(r.batch) {
			return nil
		}
	}
	return ctx.Err()
}
