package worker

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/shelfwise-labs/branchline/internal/store"
	"github.com/shelfwise-labs/branchline/internal/tasks"
)

// OutboxRelay hands tasks written to the outbox table over to asynq. Each
// row becomes a task whose id is derived from the row id, and asynq keeps
// finished tasks for a day, so relaying the same row twice is harmless.
type OutboxRelay struct {
	Outbox store.OutboxRepository
	Tasks  tasks.Enqueuer
	Log    *slog.Logger
	Batch  int
}

// Run relays one batch and reports how many rows it handled.
func (r *OutboxRelay) Run(ctx context.Context) (int, error) {
	entries, err := r.Outbox.Pending(ctx, r.Batch)
	if err != nil {
		return 0, err
	}
	for i, e := range entries {
		task := asynq.NewTask(e.TaskType, e.Payload)
		_, err := r.Tasks.EnqueueContext(ctx, task,
			asynq.TaskID(fmt.Sprintf("outbox-%d", e.ID)),
			asynq.Queue(tasks.QueueDefault),
			asynq.Retention(24*time.Hour),
		)
		if err != nil && !tasks.IsDuplicate(err) {
			return i, fmt.Errorf("relay outbox %d: %w", e.ID, err)
		}
		if err := r.Outbox.MarkRelayed(ctx, e.ID); err != nil {
			return i, err
		}
	}
	return len(entries), nil
}
