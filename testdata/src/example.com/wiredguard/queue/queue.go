// Package queue inserts jobs on the transaction the context carries, or
// else on the client's pool.
package queue

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

type txKey struct{}

// TxFrom returns the transaction a unit of work put in the context.
func TxFrom(ctx context.Context) (pgx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(pgx.Tx)
	return tx, ok
}

type Queue struct{ Client *river.Client[pgx.Tx] }

// Enqueue inserts a job and reports whether it was inserted.
func (q *Queue) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error) {
	if tx, ok := TxFrom(ctx); ok {
		_, err := q.Client.InsertTx(ctx, tx, args, opts)
		return err == nil, err
	}
	_, err := q.Client.Insert(ctx, args, opts)
	return err == nil, err
}
