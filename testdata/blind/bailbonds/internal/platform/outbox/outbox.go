// Package outbox records background tasks in the database so that they are
// queued if and only if the transaction that asked for them commits. The
// outbox relay job moves them to asynq.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Message is a task waiting to be relayed.
type Message struct {
	ID        int64           `db:"id"`
	TaskType  string          `db:"task_type"`
	Payload   json.RawMessage `db:"payload"`
	CreatedAt time.Time       `db:"created_at"`
}

// Add records a task. Pass the transaction that makes the change the task
// follows from.
func Add(ctx context.Context, db sqlx.ExtContext, taskType string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox: marshal %s: %w", taskType, err)
	}
	if _, err := db.ExecContext(ctx,
		`INSERT INTO outbox (task_type, payload) VALUES ($1, $2)`, taskType, b); err != nil {
		return fmt.Errorf("outbox: add %s: %w", taskType, err)
	}
	return nil
}

// Store reads and acknowledges outbox rows.
type Store struct{}

// LockPending returns up to limit unrelayed messages, locking them so that
// two relays do not pick the same rows.
func (Store) LockPending(ctx context.Context, db sqlx.ExtContext, limit int) ([]Message, error) {
	var msgs []Message
	err := sqlx.SelectContext(ctx, db, &msgs, `
		SELECT id, task_type, payload, created_at
		  FROM outbox
		 WHERE relayed_at IS NULL
		 ORDER BY id
		 LIMIT $1
		   FOR UPDATE SKIP LOCKED`, limit)
	return msgs, err
}

// MarkRelayed stamps the given messages as handed to the queue.
func (Store) MarkRelayed(ctx context.Context, db sqlx.ExtContext, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := db.ExecContext(ctx,
		`UPDATE outbox SET relayed_at = now() WHERE id = ANY($1)`, pq.Array(ids))
	return err
}
