package jobs

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/kelpline-systems/quotareg/internal/ports"
)

// OutboxRelay moves jobs written to the outbox onto the asynq queues.
type OutboxRelay struct {
	outbox ports.OutboxRepository
	queue  ports.TaskQueue
	log    *slog.Logger
	batch  int
}

func NewOutboxRelay(outbox ports.OutboxRepository, queue ports.TaskQueue, log *slog.Logger) *OutboxRelay {
	return &OutboxRelay{outbox: outbox, queue: queue, log: log, batch: 200}
}

// Drain relays until the outbox is empty.
func (r *OutboxRelay) Drain(ctx context.Context) error {
	for {
		msgs, err := r.outbox.Pending(ctx, r.batch)
		if err != nil {
			return err
		}
		if len(msgs) == 0 {
			return nil
		}
		for _, m := range msgs {
			if err := r.queue.EnqueueRaw(ctx, m.TaskType, m.Payload, "outbox:"+m.ID.String()); err != nil {
				return fmt.Errorf("outbox: relay %s: %w", m.ID, err)
			}
			if err := r.outbox.MarkDispatched(ctx, m.ID); err != nil {
				return err
			}
		}
		r.log.Info("outbox relayed", "count", len(msgs))
	}
}
