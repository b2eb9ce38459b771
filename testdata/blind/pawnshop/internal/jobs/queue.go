// Package jobs holds the River workers and the queue adapter the services
// enqueue through.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"sync"

	"github.com/riverqueue/river"

	"github.com/ironvault/pawnline/internal/postgres"
)

// Queue implements service.JobQueue on a River client over database/sql.
// Inside postgres.Transactor.WithinTx the job is inserted on the caller's
// transaction, so it only becomes visible if that transaction commits.
type Queue struct {
	mu     sync.RWMutex
	client *river.Client[*sql.Tx]
}

// NewQueue returns a queue; client may be nil and bound later, which the
// worker binary needs because its client is built from the workers.
func NewQueue(client *river.Client[*sql.Tx]) *Queue { return &Queue{client: client} }

func (q *Queue) Bind(client *river.Client[*sql.Tx]) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.client = client
}

func (q *Queue) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	q.mu.RLock()
	client := q.client
	q.mu.RUnlock()
	if client == nil {
		return errors.New("jobs: queue used before a river client was bound")
	}
	if tx, ok := postgres.TxFromContext(ctx); ok {
		_, err := client.InsertTx(ctx, tx.Tx, args, opts)
		return err
	}
	_, err := client.Insert(ctx, args, opts)
	return err
}
