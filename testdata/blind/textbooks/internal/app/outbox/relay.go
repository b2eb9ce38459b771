// Package outbox moves tasks written alongside database changes into asynq.
package outbox

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/hibiken/asynq"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/queue"
)

type Store interface {
	ClaimPending(ctx context.Context, limit int) ([]domain.OutboxTask, error)
	MarkRelayed(ctx context.Context, id string, at time.Time) error
}

type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Relay struct {
	store Store
	queue queue.Enqueuer
	tx    TxRunner
	now   func() time.Time
}

var _ app.OutboxRelay = (*Relay)(nil)

func NewRelay(store Store, q queue.Enqueuer, tx TxRunner) *Relay {
	return &Relay{store: store, queue: q, tx: tx, now: time.Now}
}

// RelayPending enqueues up to limit outbox rows. The row ID is the asynq
// task ID, so a row relayed twice (crash before MarkRelayed commits) is
// rejected by asynq the second time.
func (r *Relay) RelayPending(ctx context.Context, limit int) (int, error) {
	n := 0
	err := r.tx.InTx(ctx, func(ctx context.Context) error {
		rows, err := r.store.ClaimPending(ctx, limit)
		if err != nil {
			return err
		}
		for _, row := range rows {
			err := r.queue.Enqueue(ctx, row.TaskType, json.RawMessage(row.Payload),
				asynq.TaskID(row.ID),
				asynq.Queue(row.Queue),
				asynq.Retention(72*time.Hour),
			)
			if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
				return err
			}
			if err := r.store.MarkRelayed(ctx, row.ID, r.now()); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}
