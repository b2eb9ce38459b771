package tasks

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/platform"
)

// Outbox records tasks in task_outbox using whatever transaction is on the
// context, so a task is queued if and only if the caller's writes commit.
type Outbox struct {
	pool *pgxpool.Pool
}

func NewOutbox(pool *pgxpool.Pool) *Outbox {
	return &Outbox{pool: pool}
}

// Add stores a task under id. The id doubles as the asynq task ID when the
// relay enqueues it.
func (o *Outbox) Add(ctx context.Context, id uuid.UUID, typ string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("encode outbox payload: %w", err)
	}
	return platform.Q(ctx, o.pool).InsertOutboxTask(ctx, id, typ, b)
}

// Relay moves committed outbox rows onto asynq.
type Relay struct {
	pool  *pgxpool.Pool
	queue platform.Enqueuer
	log   *slog.Logger
}

func NewRelay(pool *pgxpool.Pool, queue platform.Enqueuer, log *slog.Logger) *Relay {
	return &Relay{pool: pool, queue: queue, log: log}
}

// Drain enqueues up to batch pending rows and returns how many it moved.
// Rows stay locked (SKIP LOCKED) until the batch commits, so two relays
// never work the same row.
func (r *Relay) Drain(ctx context.Context, batch int32) (int, error) {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx) //nolint:errcheck // no-op after commit

	q := db.New(r.pool).WithTx(tx)
	rows, err := q.ListPendingOutbox(ctx, batch)
	if err != nil {
		return 0, err
	}
	for _, row := range rows {
		task := asynq.NewTask(row.TaskType, row.Payload, options[row.TaskType]...)
		if err := platform.EnqueueOnce(ctx, r.queue, task, row.ID.String()); err != nil {
			return 0, fmt.Errorf("enqueue outbox %s: %w", row.ID, err)
		}
		if err := q.MarkOutboxEnqueued(ctx, row.ID); err != nil {
			return 0, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, err
	}
	if len(rows) > 0 {
		r.log.DebugContext(ctx, "outbox relayed", "count", len(rows))
	}
	return len(rows), nil
}
