package a

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
)

// Seat is a row bound by name.
type Seat struct {
	ID    string `db:"id"`
	Title string `db:"title"`
}

// namedExec binds a named query from arg and runs it on q.
func namedExec(ctx context.Context, q *sqlx.DB, query string, arg any) (sql.Result, error) {
	bound, args, err := sqlx.Named(query, arg)
	if err != nil {
		return nil, err
	}
	return q.ExecContext(ctx, q.Rebind(bound), args...)
}

type SeatArgs struct{ SeatID string }

func (SeatArgs) Kind() string { return "seat" }

type SeatWorker struct{ river.WorkerDefaults[SeatArgs] }

// The job's seat ID, bound by name through the helper, inserted
// without conflict handling.
func (w *SeatWorker) Work(ctx context.Context, job *river.Job[SeatArgs]) error {
	_, err := namedExec(ctx, sdb, `INSERT INTO seats (id, title) VALUES (:id, :title)`, Seat{ID: job.Args.SeatID, Title: "t"}) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into seats has no conflict handling`
	return err
}

type SeatOnceWorker struct{ river.WorkerDefaults[SeatArgs] }

// Negative: the same insert ignores a duplicate.
func (w *SeatOnceWorker) Work(ctx context.Context, job *river.Job[SeatArgs]) error {
	_, err := namedExec(ctx, sdb, `INSERT INTO seats (id, title) VALUES (:id, :title) ON CONFLICT (id) DO NOTHING`, Seat{ID: job.Args.SeatID, Title: "t"})
	return err
}
