// Package genstore runs its statements through the methods of a
// generic store that its repositories embed, one handing its text to
// another.
package genstore

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type store[T any] struct{ db *sql.DB }

func (s store[T]) exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := s.db.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// execFound hands its text to exec, a method of the same generic type.
func (s store[T]) execFound(ctx context.Context, query string, args ...any) (bool, error) {
	n, err := s.exec(ctx, query, args...)
	return n > 0, err
}

type Transfer struct{ ID string }

type Transfers struct{ store[Transfer] }

// Record inserts the transfer under the task's ID with no conflict
// handling: the retry fails at the key.
func (t *Transfers) Record(ctx context.Context, id string) error {
	_, err := t.execFound(ctx, `INSERT INTO transfers (id) VALUES ($1)`, id) // want `a retry inserts the row for the same id again, .* no conflict handling for task ID`
	return err
}

// Claim inserts it once, whatever the retries.
func (t *Transfers) Claim(ctx context.Context, id string) (bool, error) {
	return t.execFound(ctx, `INSERT INTO transfers (id) VALUES ($1) ON CONFLICT (id) DO NOTHING`, id)
}

var transfers = &Transfers{}

func record(ctx context.Context, t *asynq.Task) error {
	return transfers.Record(ctx, t.ResultWriter().TaskID())
}

func claim(ctx context.Context, t *asynq.Task) error {
	_, err := transfers.Claim(ctx, t.ResultWriter().TaskID())
	return err
}

func register(mux *asynq.ServeMux) {
	mux.HandleFunc("transfer:record", record)
	mux.HandleFunc("transfer:claim", claim)
}
