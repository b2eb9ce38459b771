package jobs

import (
	"context"
	"errors"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/lingua/academy/internal/store"
)

// Enqueuer inserts jobs, either on their own or inside a store transaction.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs) error
	EnqueueTx(ctx context.Context, q store.Querier, args river.JobArgs) error
	EnqueueMany(ctx context.Context, args []river.JobArgs) (int, error)
}

// ErrNoTx is returned by EnqueueTx when q is not bound to a transaction.
var ErrNoTx = errors.New("jobs: querier is not in a transaction")

type riverEnqueuer struct {
	client *river.Client[pgx.Tx]
}

// NewEnqueuer wraps a river client.
func NewEnqueuer(client *river.Client[pgx.Tx]) Enqueuer {
	return &riverEnqueuer{client: client}
}

func (e *riverEnqueuer) Enqueue(ctx context.Context, args river.JobArgs) error {
	_, err := e.client.Insert(ctx, args, nil)
	return err
}

func (e *riverEnqueuer) EnqueueTx(ctx context.Context, q store.Querier, args river.JobArgs) error {
	tx, ok := store.TxOf(q)
	if !ok {
		return ErrNoTx
	}
	_, err := e.client.InsertTx(ctx, tx, args, nil)
	return err
}

func (e *riverEnqueuer) EnqueueMany(ctx context.Context, args []river.JobArgs) (int, error) {
	params := make([]river.InsertManyParams, 0, len(args))
	for _, a := range args {
		params = append(params, river.InsertManyParams{Args: a})
	}
	res, err := e.client.InsertMany(ctx, params)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, r := range res {
		if !r.UniqueSkippedAsDuplicate {
			n++
		}
	}
	return n, nil
}

// NewInsertOnlyClient builds a river client that can insert but does not
// work jobs (used by the API and consumers).
func NewInsertOnlyClient(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
}
