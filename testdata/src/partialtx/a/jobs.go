package a

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/riverqueue/river"
)

// A job queue that keeps its jobs in the database: its inserts are
// writes, which commit with the transaction they are given or alone.
var jobs *river.Client[pgx.Tx]

type refundArgs struct{ FineID string }

func (refundArgs) Kind() string { return "refund" }

// uniqueArgs make each job unique by its arguments.
type uniqueArgs struct{ FineID string }

func (uniqueArgs) Kind() string { return "unique_refund" }

func (uniqueArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

var errNotContested = errors.New("fine is not contested")

// The fine moves to refund_pending on its own, and the refund job is
// inserted on the pool after it: a failure between them leaves no job,
// and the retry stops at the status.
func decideFine(ctx context.Context, t *asynq.Task) error {
	tag, err := pool.Exec(ctx, "UPDATE fines SET status = 'refund_pending' WHERE id = $1 AND status = 'contested'", 1)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errNotContested
	}
	_, err = jobs.Insert(ctx, refundArgs{FineID: "f"}, &river.InsertOpts{Queue: "billing"}) // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction; run them in it \(asynq handler decideFine\)`
	return err
}

// The same with a unique job, which a retry would not insert twice: the
// guard still strands it.
func decideFineUnique(ctx context.Context, t *asynq.Task) error {
	tag, err := pool.Exec(ctx, "UPDATE fines SET status = 'refund_pending' WHERE id = $1 AND status = 'contested'", 1) // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction; run them in it \(asynq handler decideFineUnique\)`
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errNotContested
	}
	_, err = jobs.Insert(ctx, uniqueArgs{FineID: "f"}, nil)
	return err
}

// A charge added to the balance on its own, then its job on the pool:
// a failure of the insert leaves the charge, which the retry adds again.
func chargeAndQueue(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 5, 1); err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) is not idempotent \(asynq handler chargeAndQueue\); run them in one transaction, handing it to each write`
		return err
	}
	_, err := jobs.Insert(ctx, refundArgs{FineID: "f"}, nil)
	return err
}

// Negative: the status and the job commit in one transaction.
func decideFineInTx(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "UPDATE fines SET status = 'refund_pending' WHERE id = $1 AND status = 'contested'", 1)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errNotContested
	}
	if _, err := jobs.InsertTx(ctx, tx, refundArgs{FineID: "f"}, nil); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Negative: a unique job and an idempotent status, with no guard: the
// retry makes both again, harmlessly.
func markAndQueueUnique(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "UPDATE fines SET status = 'refund_pending' WHERE id = $1", 1); err != nil {
		return err
	}
	_, err := jobs.Insert(ctx, refundArgs{FineID: "f"}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}})
	return err
}

type jobTxKey struct{}

// jobTx returns the transaction a caller put in the context.
func jobTx(ctx context.Context) (pgx.Tx, bool) {
	tx, ok := ctx.Value(jobTxKey{}).(pgx.Tx)
	return tx, ok
}

// withJobTx returns ctx carrying tx.
func withJobTx(ctx context.Context, tx pgx.Tx) context.Context {
	return context.WithValue(ctx, jobTxKey{}, tx)
}

// enqueue inserts a job on the transaction the context carries, or else
// on the client's pool.
func enqueue(ctx context.Context, args river.JobArgs) error {
	if tx, ok := jobTx(ctx); ok {
		_, err := jobs.InsertTx(ctx, tx, args, nil)
		return err
	}
	_, err := jobs.Insert(ctx, args, nil)
	return err
}

// The fine's status on the pool, then its job through the wrapper with
// no transaction in the context: on the pool too.
func decideThroughWrapper(ctx context.Context, t *asynq.Task) error {
	tag, err := pool.Exec(ctx, "UPDATE fines SET status = 'refund_pending' WHERE id = $1 AND status = 'contested'", 1) // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction; run them in it \(asynq handler decideThroughWrapper\)`
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errNotContested
	}
	return enqueue(ctx, refundArgs{FineID: "f"})
}

// pgExecer is what both the pool and a transaction run statements with.
type pgExecer interface {
	Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error)
}

// pgConn returns the transaction the context carries, or the pool.
func pgConn(ctx context.Context) pgExecer {
	if tx, ok := jobTx(ctx); ok {
		return tx
	}
	return pool
}

// withinJobTx runs fn with a context that carries its transaction.
func withinJobTx(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(withJobTx(ctx, tx)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Negative: the unit of work runs the status and the job, through the
// wrapper, in the transaction its context carries.
func decideInUnit(ctx context.Context, t *asynq.Task) error {
	return withinJobTx(ctx, func(ctx context.Context) error {
		tag, err := pgConn(ctx).Exec(ctx, "UPDATE fines SET status = 'refund_pending' WHERE id = $1 AND status = 'contested'", 1)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return errNotContested
		}
		return enqueue(ctx, refundArgs{FineID: "f"})
	})
}

// A debit on its own, then a batch of jobs on the pool: a failure of the
// batch leaves the debit, which the retry makes again.
func debitAndQueueBatch(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 5, 1); err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) is not idempotent \(asynq handler debitAndQueueBatch\); run them in one transaction, handing it to each write`
		return err
	}
	params := []river.InsertManyParams{{Args: refundArgs{FineID: "a"}}, {Args: refundArgs{FineID: "b"}}}
	_, err := jobs.InsertMany(ctx, params)
	return err
}

// Negative: the debit and the batch commit in one transaction.
func debitAndQueueBatchTx(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 5, 1); err != nil {
		return err
	}
	params := []river.InsertManyParams{{Args: refundArgs{FineID: "a"}}}
	if _, err := jobs.InsertManyTx(ctx, tx, params); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
