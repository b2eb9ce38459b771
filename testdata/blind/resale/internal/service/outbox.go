package service

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/encorelane/resale/internal/jobs"
	"github.com/encorelane/resale/internal/repository"
)

// OutboxRelay moves committed outbox rows onto the task queue.
type OutboxRelay interface {
	Relay(ctx context.Context) error
}

type outboxRelay struct {
	outbox repository.OutboxRepository
	jobs   jobs.Enqueuer
	log    *slog.Logger
	batch  int
	queues map[string]string
}

func NewOutboxRelay(outbox repository.OutboxRepository, enq jobs.Enqueuer, log *slog.Logger) OutboxRelay {
	return &outboxRelay{
		outbox: outbox,
		jobs:   enq,
		log:    log,
		batch:  200,
		queues: map[string]string{
			jobs.TypeTransferTickets: jobs.QueueCritical,
			jobs.TypeRefundOrder:     jobs.QueueCritical,
		},
	}
}

func (r *outboxRelay) Relay(ctx context.Context) error {
	pending, err := r.outbox.Pending(ctx, r.batch)
	if err != nil {
		return err
	}
	for _, t := range pending {
		queue, ok := r.queues[t.TaskType]
		if !ok {
			queue = jobs.QueueDefault
		}
		// The outbox row id is the task id, so a row relayed twice (crash
		// before MarkDispatched) is collapsed by the queue.
		if err := r.jobs.Enqueue(ctx, t.TaskType, json.RawMessage(t.Payload), jobs.Options{TaskID: t.ID, Queue: queue}); err != nil {
			return err
		}
		if err := r.outbox.MarkDispatched(ctx, t.ID); err != nil {
			return err
		}
	}
	if len(pending) > 0 {
		r.log.DebugContext(ctx, "outbox relayed", "count", len(pending))
	}
	return nil
}
